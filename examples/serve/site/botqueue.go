package site

import "container/list"

// botQueue holds the games whose bot is to move, each at most once, taken
// in turn by client address: the address that created a game (its
// owner; "" for a game restored from disk) gets one search, then the
// next address with a game waiting; and an address whose search is
// running waits while another's game waits. A stranger who creates many
// games against the hard bot takes at most one worker while others wait,
// and delays another player's bot by one search, not by all of theirs.
// It is bounded by the games. The server's botMu guards it.
type botQueue struct {
	games   map[string]*list.List // per owner, of *game, never empty
	owners  list.List             // of string: the owners with games waiting, whose turn comes first at the front
	running map[string]int        // the searches running, per owner
	n       int
}

func (q *botQueue) push(g *game) {
	if q.games == nil {
		q.games, q.running = map[string]*list.List{}, map[string]int{}
	}
	l := q.games[g.owner]
	if l == nil {
		l = list.New()
		q.games[g.owner] = l
		q.owners.PushBack(g.owner)
	}
	l.PushBack(g)
	q.n++
}

// pop returns the next game to search, and counts its search as running
// until done: the first game of the first owner in turn with no search
// running (or of the first owner, if they all have one), whose turn then
// goes to the back. It returns nil when the queue is empty.
func (q *botQueue) pop() *game {
	front := q.owners.Front()
	for e := front; e != nil; e = e.Next() {
		if q.running[e.Value.(string)] == 0 {
			front = e
			break
		}
	}
	if front == nil {
		return nil
	}
	owner := front.Value.(string)
	l := q.games[owner]
	g := l.Remove(l.Front()).(*game)
	q.n--
	q.running[owner]++
	if l.Len() == 0 {
		delete(q.games, owner)
		q.owners.Remove(front)
	} else {
		q.owners.MoveToBack(front)
	}
	return g
}

// done counts the search of a game popped as over.
func (q *botQueue) done(g *game) {
	if q.running[g.owner]--; q.running[g.owner] <= 0 {
		delete(q.running, g.owner)
	}
}

func (q *botQueue) len() int { return q.n }
