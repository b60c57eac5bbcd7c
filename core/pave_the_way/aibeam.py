# SPDX-License-Identifier: MIT
"""Pave the Way computer player: the beam search over the actions of one turn (decisions.md 1.11), as an explicit
state machine in a ``Beam``'s attributes, so that ``Ai.think`` can stop after any evaluation and resume without a
generator per level of the search (each would allocate)."""

from array import array

from core.compat import const
from core.pave_the_way.board import END, KIND_SHIFT, PLAY, S_GMOVES, S_RMOVES, S_TO_MOVE
from core.pave_the_way import aicand
from core.pave_the_way.aiweights import DRAWN, REPEATED
from core.pave_the_way.phases import occurrences, other_side_hash, position_hash

BEAM = const(2)  # nodes kept at each depth of the main search
ROAD_CANDIDATES = const(8)  # road and guard candidates tried from each node (measured: more guard ones lose)
GUARD_CANDIDATES = const(3)
INNER_CANDIDATES = const(3)  # road and guard candidates of the look one turn further (a greedy line)
TOPS = const(2)  # end positions a stalled turn looks beyond
_NEG = const(-1000000000)


def keep_slot(scores, base, count, cap, score):
    """Where to keep an entry scoring ``score`` among the best ``cap``, of which ``count`` are kept with their
    scores at ``scores[base:]``: the next free slot (``count``) while there is room, else the worst kept one when
    ``score`` beats it, else -1."""
    if count < cap:
        return count
    worst = 0
    for k in range(1, cap):
        if scores[base + k] < scores[base + worst]:
            worst = k
    return worst if score > scores[base + worst] else -1


class Beam:
    """The beam search over the rest of a turn, and what it found: the best sequence (``found_seq``, ``found_len``;
    ``won`` when it wins), the best single action (``first``), and with ``keep`` the ``TOPS`` best end positions
    as the sequences reaching them from ``root`` (``tscore``, ``tlen``, ``tseq``, ``tops_n``). ``start`` sets it up,
    ``step`` runs it a slice at a time. One serves every player (they never think at once); its games are the
    player's scratch games, which the win search and the look further also use while it is idle."""

    def __init__(self):
        self.score = array("i", [0] * (4 * BEAM))  # per layer, two beams of BEAM nodes: their scores, ...
        self.opp = array("i", [0] * (4 * BEAM))  # ... the opponent's distance and threat there, ...
        self.threat = array("i", [0] * (4 * BEAM))
        self.seq = array("i", [0] * (4 * BEAM * 4))  # ... and the actions reaching them
        self.found_seq = array("i", [0] * 4)
        self.tscore = array("i", [0] * TOPS)
        self.tlen = array("i", [0] * TOPS)
        self.tseq = array("i", [0] * (TOPS * 4))
        self.nodes = self.work = None  # the player's scratch games (Ai._prepare)
        self.root = None  # the game the kept sequences start from: replayed, they give the end positions
        self.found_len = self.tops_n = 0
        self.layer = self.left = self.best = self.count = self.base = self.depth = 0
        self.node = self.ranked = self.next = self.kids = self.width = 0
        self.won = self.keep = self.rep = self.near = False
        self.first = self.first_score = 0
        self.look_i = self.look_pick = self.look_score = 0

    def start(self, ev, me, root, layer, keep, rep, near=False):
        """A beam search for ``me`` over the rest of the turn from ``root``, scored by ``ev`` against the turn's
        analysis: layer 0 keeps the best sequence (and with ``keep`` the best end positions), layer 1 (the look
        one turn further) only scores. With ``rep`` (layer 0) each turn end is penalised for the earlier turns
        that started in the position it hands the opponent; with ``rep`` or ``near``, one after which the opponent
        can take a draw is worth at most a draw."""
        s = root.state
        self.layer = layer
        self.keep = keep
        self.rep = rep and not layer
        self.near = (rep or near) and not layer
        self.left = 4 - s[S_GMOVES] - s[S_RMOVES]
        self.best = ev.evaluate(root, me, -1, 0)
        if self.near:
            self.best = end_value(root, self.best, self.rep)
        self.won = False
        if not layer:
            self.found_len = 0
            self.first = END  # the best single action, whatever it scores (a repeated position is left by it)
            self.first_score = _NEG
        if keep:
            self.root = root
            self.tops_n = 0
            self._remember(self.best, 0, 0)
        off = layer * 2 * BEAM
        self.nodes[0].copy_from(root)
        self.opp[off] = ev.last_opp
        self.threat[off] = ev.last_threat
        self.count = 1  # nodes in the current beam
        self.base = 0  # nodes[base .. base + count) hold the beam, nodes[BEAM - base ..] the next one
        self.depth = 0
        self.node = 0
        self.ranked = -1  # candidates of the current node not ranked yet
        self.kids = 0
        self.width = BEAM if layer == 0 else 1

    def step(self, ai):
        """Evaluate children until ``ai.budget`` is spent (False) or the search is over (True). ``ai`` is the
        player: its evaluator, its me, and its candidate ranking (``aicand``) and buffers."""
        ev = ai.ev
        me = ai.me
        nodes = self.nodes
        layer = self.layer
        off = layer * 2 * BEAM
        bscore = self.score
        bseq = self.seq
        crit = ev.root.crit
        work = self.work
        width = self.width
        while ai.budget > 0:
            depth = self.depth
            if depth >= self.left:
                return True
            base = self.base
            other = BEAM - base
            b = self.node
            if b >= self.count:  # this depth is done: its best children are the next beam
                if self.kids == 0:
                    return True
                self.count = self.kids
                self.base = other
                self.depth = depth + 1
                self.node = 0
                self.kids = 0
                continue
            node = nodes[base + b]
            if self.ranked < 0:
                if layer:
                    self.ranked = aicand.candidates(ai, node, me, INNER_CANDIDATES, INNER_CANDIDATES)
                else:
                    self.ranked = aicand.candidates(ai, node, me, ROAD_CANDIDATES, GUARD_CANDIDATES)
                self.next = 0
                ai.budget -= 1  # ranking the legal moves costs about an evaluation
            i = self.next
            if i >= self.ranked:
                self.node = b + 1
                self.ranked = -1
                continue
            self.next = i + 1
            ai.budget -= 1
            move = ai.cmove[i]
            work.copy_from(node)
            work.apply_legal(move)
            old = (off + base + b) * 4
            if work.result() == me:
                self.won = True
                if not layer:
                    for k in range(depth):
                        self.found_seq[k] = bseq[old + k]
                    self.found_seq[depth] = move
                    self.found_len = depth + 1  # the game ends with it
                return True
            if move >> KIND_SHIFT == PLAY and not crit[(move >> 2) & 63] & 2:
                # a piece off the opponent's roads leaves its distance
                score = ev.evaluate(work, me, self.opp[off + base + b], self.threat[off + base + b])
            else:
                score = ev.evaluate(work, me, -1, 0)
            if self.near:
                score = end_value(work, score, self.rep)
            if self.keep:
                self._remember(score, depth + 1, old, move)
            if not depth and not layer and score > self.first_score:
                self.first_score = score
                self.first = move
            slot = keep_slot(bscore, off + other, self.kids, width, score)
            if slot < 0:
                continue
            if slot == self.kids:
                self.kids += 1
            j = off + other + slot
            nodes[other + slot].copy_from(work)
            bscore[j] = score
            self.opp[j] = ev.last_opp
            self.threat[j] = ev.last_threat
            for k in range(depth):
                bseq[j * 4 + k] = bseq[old + k]
            bseq[j * 4 + depth] = move
            if score > self.best:
                self.best = score
                if not layer:
                    self.found_len = depth + 1
                    for k in range(depth + 1):
                        self.found_seq[k] = bseq[j * 4 + k]
        return False

    # -- the look one turn further, from the kept end positions ----------------------------------------------------
    def look_start(self):
        self.look_i = -1
        self.look_pick = -1  # the kept end position that looks best one turn further, -1 none yet
        self.look_score = _NEG

    def look_next(self, ev, me):
        """Start a layer-1 search (the opponent passing, then a greedy line of ``me``) from the next kept end
        position, scoring at once those after which the game is over: True when one started; False when all are
        scored (``look_pick`` is the best)."""
        g = self.nodes[0]  # the layer-0 search is over: its games are free
        while True:
            self.look_i += 1
            if self.look_i >= self.tops_n:
                return False
            self._replay(self.look_i, g)
            g.apply_legal(END)
            if not g.is_over():
                g.apply_legal(END)
            if not g.is_over():
                self.start(ev, me, g, 1, False, False)
                return True
            self.look_scored(ev.evaluate(g, me, -1, 0))

    def look_scored(self, score):
        """The score one turn further of the kept end position ``look_i``."""
        if score > self.look_score:
            self.look_score = score
            self.look_pick = self.look_i

    def _replay(self, slot, g):
        """Write into ``g`` the kept end position ``slot`` (its state; ``g`` keeps its generator): its sequence
        replayed from ``root`` on the free ``work``, which draws what the search drew, since a copy carries the
        generator. Keeping the sequence and not the position spares the device's heap 1.1 KB."""
        work = self.work
        work.copy_from(self.root)
        for k in range(self.tlen[slot]):
            work.apply_legal(self.tseq[slot * 4 + k])
        g.state[:] = work.state

    def _remember(self, score, length, old, move=END):
        """Remember one of the ``TOPS`` best end positions of the turn: the sequence reaching it."""
        slot = keep_slot(self.tscore, 0, self.tops_n, TOPS, score)
        if slot < 0:
            return
        if slot == self.tops_n:
            self.tops_n += 1
        self.tscore[slot] = score
        self.tlen[slot] = length
        for k in range(length - 1):
            self.tseq[slot * 4 + k] = self.seq[old + k]
        if length:
            self.tseq[slot * 4 + length - 1] = move


def end_value(game, score, penalise):
    """``score``, the value of ending the turn in ``game``, with ``penalise`` less ``REPEATED`` for each earlier turn
    that started in the position the turn end hands the opponent; at most ``DRAWN`` when the turn end draws or lets
    the opponent take a draw by passing: by repetition, the position handed over or the one the opponent hands back
    would start a turn for the last time the rule allows (seed 61 against ``greedy``: guards shuffled between two
    squares while ahead, the opponent passing); or by the idle rule (``aicand.idle_draw_near``)."""
    h = position_hash(game)
    back = occurrences(game, h)
    handed = occurrences(game, other_side_hash(h, game.state[S_TO_MOVE]))
    if penalise:
        score -= REPEATED * handed
    last = game.repetition - 1  # earlier turn starts in a position that make its next one draw
    if (last > 0 and (handed >= last or back >= last) or aicand.idle_draw_near(game)) and score > DRAWN:
        return DRAWN
    return score


def hands_draw(game):
    """Whether a turn end in ``game`` draws or lets the opponent take a draw (``end_value``)."""
    return end_value(game, 0, False) == DRAWN  # 0 is above DRAWN, so it is capped exactly then

