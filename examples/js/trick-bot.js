// Jabberwocky: bid the high cards; win a trick as cheaply as possible, else throw the lowest card.
//
//   npx vorpal-bot --strategy ./trick-bot.js --game jabberwocky --seats 3 --bots 1,2 --options '{"rounds": 1}'

const rank = (card) => "23456789TJQKA".indexOf(card[0]);

export default function choose({ seat, view, legal }) {
  const { public: pub, private: mine } = view;
  const trump = pub.trump_card[1];
  if (pub.phase === "bid") {
    // a trick for each ace, king and high trump
    const strong = mine.hand.filter((c) => "AK".includes(c[0]) || (c[1] === trump && "QJT".includes(c[0]))).length;
    return legal.reduce((a, b) => (Math.abs(b.tricks - strong) < Math.abs(a.tricks - strong) ? b : a));
  }
  const led = pub.trick.length > 0 ? pub.trick[0].card[1] : null;
  const power = (c) => (c[1] === trump ? 200 : 0) + (c[1] === led ? 100 : 0) + rank(c); // trump, led suit, rank
  let cards = legal.map((m) => m.card).sort((x, y) => rank(x) - rank(y));
  const following = cards.filter((c) => c[1] === led); // follow suit: reneging costs 3 points
  if (following.length > 0) cards = following;
  const want = (pub.bids[seat] ?? 0) > pub.tricks_won[seat];
  if (pub.trick.length === 0) return { type: "play", card: want ? cards.at(-1) : cards[0] };
  const best = Math.max(...pub.trick.map((p) => power(p.card)));
  const winners = cards.filter((c) => power(c) > best);
  return { type: "play", card: want && winners.length > 0 ? winners[0] : cards[0] };
}
