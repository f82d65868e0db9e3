"""What each instance runs live: the fan-out of events to its sockets, and the timed work it leases."""
