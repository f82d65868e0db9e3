"""Transport: the Starlette app, REST and the WebSocket, on top of the domain, the store and the hub."""
