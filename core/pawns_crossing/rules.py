# SPDX-License-Identifier: MIT
"""Pawns Crossing: the rules engine (decisions.md section 2; ids PC-A1 .. PC-A32).

Colours are red 0, black 1, blue 2, green 3. Players own colours: 2 players {red, black} and {blue, green};
3 players red, green, blue (black unused, PC-A26); 4 players one colour each in that order. Tiles are pieces
``colour * 4 + rank - 1`` (rank 1 = ace); token ``colour * 4 + label`` carries the public label a-d, assigned at
random and unrelated to its secret value (decisions 2.10). A token lies on a **piece**, not a position, so slides
carry tokens for free: a tile piece 0..15 or a domino half ``16 + domino * 2 + i`` (board.DOMINO_PIPS order).

A move is ``kind << 12 | a << 7 | b``:

=======  ==================================================================================
ROLL     roll your dice (the turn's ROLL option)
PAWN     ``a`` colour, ``b`` hole: place a pawn (setup), or move one (voluntary or forced)
SLIDE    ``a`` = line * 2 + dir (dir 0 pushes east/south, 1 west/north), ``b`` = 1 to flip the pusher
TOKEN    ``a`` token, ``b`` destination piece (tile or domino half)
END      end the turn without using the remaining dice, or without moving the second pawn
TAKE     ``b`` = the colour mask chosen in the 2-player balancing variant (PC-A25)
=======  ==================================================================================
"""

from core.compat import const
from core.game import Game as BaseGame, ONGOING, DRAW, NOBODY, call_rare
from core.pawns_crossing import paths
from core.pawns_crossing.board import (
    DOMINOES, SLOTS, HOLES, NONE, PUSHER_HALF, is_double, line_tile, line_slot,
)

ROLL = const(1)
PAWN = const(2)
SLIDE = const(3)
TOKEN = const(4)
END = const(5)
TAKE = const(6)

RED = const(0)
BLACK = const(1)
BLUE = const(2)
GREEN = const(3)

# token values; the value of a token its viewer may not see is UNKNOWN
UNKNOWN = const(0)
NULL = const(5)
# token locations besides pieces 0..65
DELIVERED = const(254)
UNUSED = const(255)
SPACES = const(66)
# pawn places besides holes 0..8
OFF = const(9)
PAWN_UNUSED = const(10)
UNPLACED = const(11)

# phases
PLACE = const(0)  # setup: pawns placed in starting-roll order
CHOOSE = const(1)  # setup, balancing variant: the roll winner takes a pair of colours
START = const(2)  # a turn's first choice: roll, pawn or slide
FORCED = const(3)  # blank dice: those pawns must move first (PC-A8)
MOVE = const(4)  # token moves for the rolled dice, each optional (PC-A11, PC-A12)
SECOND_PAWN = const(5)  # 2 players: the other pawn may move too
OVER = const(6)

# state layout
S_PHASE = const(0)
S_PLAYER = const(1)
S_RESULT = const(2)  # 0 ongoing, 1 + winner, RESULT_DRAW
S_ENDGAME = const(3)  # PC-A17: set for good once any player is down to one token
S_LAST_SLIDE = const(4)  # 0, or 1 + line * 2 + dir if the previous turn was a slide (PC-A23)
S_LEFT = const(5)  # colours whose rolled number is still to use
S_FORCED = const(6)  # colours whose pawn must still move
S_ROLLED = const(7)  # colours rolled this turn
S_PAWNS_MOVED = const(8)  # colours whose pawn moved this turn
S_TURN = const(9)  # two bytes: completed turns
S_PUSHER = const(11)  # domino * 2 + flip
S_PUSHER_AT = const(12)  # NONE before the first slide, else line * 2 + end
S_DICE = const(13)  # face per colour: 0 blank, 1 ace .. 5
S_OWNER = const(17)  # player per colour, NONE if unused
S_ORDER = const(21)  # players in starting-roll order
S_START_ROLL = const(25)  # each player's first starting roll (display)
S_TILES = const(32)  # tile piece per position
S_SLOTS = const(48)  # domino * 2 + flip per slot; flip 0 = higher pip at N/W
S_PAWN = const(72)  # hole, OFF, PAWN_UNUSED or UNPLACED per colour
S_TOKEN_AT = const(76)  # piece, DELIVERED or UNUSED per token
S_VALUE = const(92)  # 2, 3, 4, NULL or UNKNOWN per token
STATE_SIZE = const(108)

RESULT_DRAW = const(253)

COLOURS_BY_PLAYERS = (None, None, (0, 0, 1, 1), (0, NONE, 2, 1), (0, 1, 2, 3))


def make_move(kind, a, b):
    return (kind << 12) | (a << 7) | b


def move_kind(move):
    """ROLL, PAWN, SLIDE, TOKEN, END or TAKE."""
    return move >> 12


def move_a(move):
    return (move >> 7) & 31


def move_b(move):
    return move & 127


# Named decoders of each kind's fields: what views and tools read instead of the bit fields.
def move_token(move):
    """TOKEN: the token that moves."""
    return (move >> 7) & 31


def move_destination(move):
    """TOKEN: the piece it ends on (a tile, or a domino half)."""
    return move & 127


def move_colour(move):
    """PAWN: the colour of the pawn placed or moved."""
    return (move >> 7) & 31


def move_hole(move):
    """PAWN: the hole it goes to."""
    return move & 127


def move_line(move):
    """SLIDE: the line pushed (rows 0..3, columns 4..7)."""
    return (move >> 8) & 15


def move_direction(move):
    """SLIDE: 0 pushes east or south, 1 west or north."""
    return (move >> 7) & 1


def move_flip(move):
    """SLIDE: 1 when the pusher goes in flipped."""
    return move & 1


def move_colours(move):
    """TAKE: the colour mask the roll winner takes."""
    return move & 15


class Game(BaseGame):
    NAME = "pawns-crossing"
    GAME_ID = 2
    FORMAT_VERSION = 1
    CONFIG_SCHEMA = (
        ("players", 2, 2, 4),
        ("balance", 0, 0, 1),  # PC-A25: 2 players take {longest, shortest} and the middle pair
        ("strictentry", 0, 0, 1),  # PC-A6 flag strictTransitionEmpty: leaving a tile needs an empty half
        ("fixedpusher", 0, 0, 1),  # PC-A21 flag: the pusher always goes in unflipped
        ("diecountssteps", 0, 0, 1),  # PC-A2 flag (testing): the die also caps the number of spaces
        ("turncap", 1000, 10, 10000),  # engine addition: a draw after this many turns
    )
    STATE_BYTES = STATE_SIZE
    # 2 players: 2 dice x 3 tokens x 66 pieces, + end
    MAX_MOVES = 400

    def _configure(self):
        c = self.config
        self.players = c.get("players")
        self.tokens_per_colour = 3 if self.players == 2 else 4
        self.strict_entry = c.get("strictentry")
        self.fixed_pusher = c.get("fixedpusher")
        self.counts_steps = c.get("diecountssteps")
        self.balance = c.get("balance") and self.players == 2
        self.turn_cap = c.get("turncap")
        paths.allocate(self)

    # -- setup -------------------------------------------------------------------------------------------------
    def _setup(self):
        s = self.state
        rng = self.rng
        for pos in range(16):
            s[S_TILES + pos] = pos
        rng.shuffle(s, S_TILES, S_TILES + 16)
        order = bytearray(range(DOMINOES))
        rng.shuffle(order)
        for slot in range(SLOTS):
            domino = order[slot]
            flip = 0 if is_double(domino) else rng.below(2)
            s[S_SLOTS + slot] = domino * 2 + flip
        s[S_PUSHER] = order[SLOTS] * 2
        s[S_PUSHER_AT] = NONE
        owners = COLOURS_BY_PLAYERS[self.players]
        per = self.tokens_per_colour
        for colour in range(4):
            s[S_OWNER + colour] = owners[colour]
            used = owners[colour] != NONE
            s[S_PAWN + colour] = UNPLACED if used else PAWN_UNUSED
            for label in range(4):
                t = colour * 4 + label
                s[S_TOKEN_AT + t] = colour * 4 if used and label < per else UNUSED
                s[S_VALUE + t] = (2 + label if label < 3 else NULL) if used and label < per else UNKNOWN
            if used:
                rng.shuffle(s, S_VALUE + colour * 4, S_VALUE + colour * 4 + per)
        self._starting_roll()
        s[S_PLAYER] = s[S_ORDER]
        s[S_PHASE] = CHOOSE if self.balance else PLACE

    def _start_roll_value(self):
        # PC-A14: blank 0, ace 1; two players roll both dice and add them
        total = self.rng.below(6)
        if self.players == 2:
            total += self.rng.below(6)
        return total

    def _starting_roll(self):
        """Everyone rolls; only tied players re-roll, among themselves (PC-A14)."""
        s = self.state
        players = list(range(self.players))
        rolls = [self._start_roll_value() for p in players]
        for p in players:
            s[S_START_ROLL + p] = rolls[p]
        order = self._rank(players, rolls)
        for i in range(self.players):
            s[S_ORDER + i] = order[i]

    def _rank(self, players, rolls):
        ranked = []
        for value in range(10, -1, -1):
            group = [players[i] for i in range(len(players)) if rolls[i] == value]
            if len(group) == 1:
                ranked.append(group[0])
            elif group:
                ranked.extend(self._rank(group, [self._start_roll_value() for p in group]))
        return ranked

    # -- queries -----------------------------------------------------------------------------------------------
    def phase(self):
        return self.state[S_PHASE]

    def owner(self, colour):
        """The player who owns a colour, or NONE in a 3-player game's black."""
        return self.state[S_OWNER + colour]

    def colours_of(self, player):
        """Bit mask of the player's colours."""
        mask = 0
        for colour in range(4):
            if self.state[S_OWNER + colour] == player:
                mask |= 1 << colour
        return mask

    def token_at(self, token):
        return self.state[S_TOKEN_AT + token]

    def value(self, token):
        return self.state[S_VALUE + token]

    def pawn(self, colour):
        return self.state[S_PAWN + colour]

    def turns(self):
        return self.state[S_TURN] | (self.state[S_TURN + 1] << 8)

    def tokens_left(self, player):
        """Undelivered tokens of a player, over all their colours (PC-A17)."""
        s = self.state
        count = 0
        for t in range(16):
            if s[S_OWNER + (t >> 2)] == player and s[S_TOKEN_AT + t] < SPACES:
                count += 1
        return count

    def current_player(self):
        if self.state[S_PHASE] == OVER:
            return NOBODY
        return self.state[S_PLAYER]

    def result(self):
        r = self.state[S_RESULT]
        if r == 0:
            return ONGOING
        if r == RESULT_DRAW:
            return DRAW
        return r - 1

    # -- board reads: with the accessors above and the move decoders, the firmware's one way in ------------------
    def tile(self, pos):
        """The tile piece (``colour * 4 + rank - 1``) at tile position ``pos`` (``row * 4 + column``)."""
        return self.state[S_TILES + pos]

    def die(self, colour):
        """A colour's last face: 0 blank, 1 ace .. 5."""
        return self.state[S_DICE + colour]

    def rolled(self):
        """Bit mask of the colours rolled this turn (kept on show after a winning roll)."""
        return self.state[S_ROLLED]

    def endgame(self):
        """1 once any player is down to one token (PC-A17), else 0."""
        return self.state[S_ENDGAME]

    def pusher_place(self):
        """NONE before the first slide, else ``line * 2 + end`` (end 0 west or north, 1 east or south)."""
        return self.state[S_PUSHER_AT]

    def space_of(self, piece):
        """Where a piece lies: tile position 0..15, ``16 + positional half`` (board.py), or FAR for a half of the
        pusher before the first slide."""
        s = self.state
        if piece < 16:
            for pos in range(16):
                if s[S_TILES + pos] == piece:
                    return pos
        domino = (piece - 16) >> 1
        end = (piece - 16) & 1
        for slot in range(SLOTS):
            code = s[S_SLOTS + slot]
            if code >> 1 == domino:
                return 16 + slot * 2 + (end ^ (code & 1))
        if s[S_PUSHER_AT] == NONE:
            return paths.FAR
        return 16 + PUSHER_HALF + (end ^ (s[S_PUSHER] & 1))

    def piece_at(self, space):
        """The piece at a positional space (a tile position, or ``16 + positional half``)."""
        s = self.state
        if space < 16:
            return s[S_TILES + space]
        half = space - 16
        code = s[S_SLOTS + (half >> 1)] if half < PUSHER_HALF else s[S_PUSHER]
        return 16 + (code & ~1) + ((half & 1) ^ (code & 1))

    def token_path(self, move, out):
        """The way a legal TOKEN ``move`` goes, as the rules find it (decisions 2.5; PC-A2 .. PC-A6, PC-A9,
        PC-A10): the spaces it enters (tile position, or 16 + positional half), one a step, the destination last,
        into ``out`` (51 bytes hold any path); returns how many. A shortest path, always the same one."""
        return paths.token_path(self, move_token(move), move_destination(move), out)

    def hole_open(self, hole):
        s = self.state
        for colour in range(4):
            if s[S_PAWN + colour] == hole:
                return False
        return True

    def slide_forbidden(self, line, direction):
        """PC-A23: the next player may not push the line just slid back the other way."""
        return self.state[S_LAST_SLIDE] == 1 + line * 2 + (1 - direction)

    # -- legal moves -------------------------------------------------------------------------------------------
    def legal_moves(self, buf):
        s = self.state
        phase = s[S_PHASE]
        player = s[S_PLAYER]
        n = 0
        if phase == OVER:
            return 0
        if phase == CHOOSE:
            first, second = paths.balance_pairs(self)
            buf[0] = make_move(TAKE, 0, min(first, second))
            buf[1] = make_move(TAKE, 0, max(first, second))
            return 2
        if phase == START:
            buf[0] = make_move(ROLL, 0, 0)
            n = 1
            if not s[S_ENDGAME]:
                n = self._pawn_moves(buf, n, self.colours_of(player))
            return self._slides(buf, n)
        if phase == PLACE:
            mask = 0
            for colour in range(4):
                if s[S_OWNER + colour] == player and s[S_PAWN + colour] == UNPLACED:
                    mask |= 1 << colour
            return self._pawn_moves(buf, 0, mask)
        if phase == FORCED:
            return self._pawn_moves(buf, 0, s[S_FORCED])
        if phase == SECOND_PAWN:
            n = self._pawn_moves(buf, 0, self.colours_of(player) & ~s[S_PAWNS_MOVED])
        else:
            n = paths.token_moves(self, buf, s[S_LEFT])
        buf[n] = make_move(END, 0, 0)
        return n + 1

    def _pawn_moves(self, buf, n, colours):
        s = self.state
        for colour in range(4):
            where = s[S_PAWN + colour]
            if colours & (1 << colour) and (where < HOLES or where == UNPLACED):
                for hole in range(HOLES):
                    if self.hole_open(hole):
                        buf[n] = make_move(PAWN, colour, hole)
                        n += 1
        return n

    def _slides(self, buf, n):
        flips = 1 if self.fixed_pusher or is_double(self.state[S_PUSHER] >> 1) else 2
        for code in range(16):
            if not self.slide_forbidden(code >> 1, code & 1):
                for flip in range(flips):
                    buf[n] = make_move(SLIDE, code, flip)
                    n += 1
        return n

    # -- applying ----------------------------------------------------------------------------------------------
    def apply_legal(self, move):
        s = self.state
        kind = move_kind(move)
        a = move_a(move)
        b = move_b(move)
        phase = s[S_PHASE]
        if kind == ROLL:
            self._roll()
        elif kind == PAWN:
            s[S_PAWN + a] = b
            if phase == PLACE:
                self._next_placer()
            elif phase == FORCED:
                s[S_FORCED] &= ~(1 << a)
                if not s[S_FORCED]:
                    s[S_PHASE] = MOVE
                    self._end_if_stuck()
            elif self.players == 2 and phase == START:
                s[S_PAWNS_MOVED] = 1 << a
                s[S_PHASE] = SECOND_PAWN
            else:
                self._end_turn(0)
        elif kind == SLIDE:
            self._slide(a >> 1, a & 1, b)
            self._end_turn(1 + a)
        elif kind == TOKEN:
            s[S_LEFT] &= ~(1 << (a >> 2))
            s[S_TOKEN_AT + a] = b
            self._deliver(a, b)
            if s[S_PHASE] != OVER:
                self._end_if_stuck()
        elif kind == END:
            self._end_turn(0)
        elif kind == TAKE:
            chooser = s[S_PLAYER]
            for colour in range(4):
                s[S_OWNER + colour] = chooser if b & (1 << colour) else 1 - chooser
            s[S_PHASE] = PLACE

    def _roll(self):
        """PC-A7 faces; PC-A8 blanks force the pawn first (OFF in the endgame, PC-A18); PC-A11 one die a colour."""
        s = self.state
        colours = self.colours_of(s[S_PLAYER])
        s[S_LEFT] = 0
        s[S_FORCED] = 0
        s[S_ROLLED] = colours
        for colour in range(4):
            if colours & (1 << colour):
                face = self.rng.below(6)
                s[S_DICE + colour] = face
                if face:
                    s[S_LEFT] |= 1 << colour
                elif s[S_PAWN + colour] < HOLES:
                    if s[S_ENDGAME]:
                        s[S_PAWN + colour] = OFF
                    else:
                        s[S_FORCED] |= 1 << colour
        s[S_PHASE] = FORCED if s[S_FORCED] else MOVE
        if not s[S_FORCED]:
            self._end_if_stuck()

    def _end_if_stuck(self):
        """The turn ends by itself once no rolled number can move a token (PC-A12 makes every move optional)."""
        s = self.state
        if not s[S_LEFT] or not paths.token_moves(self, None, s[S_LEFT]):
            self._end_turn(0)

    def _next_placer(self):
        s = self.state
        for i in range(self.players):
            player = s[S_ORDER + i]
            for colour in range(4):
                if s[S_OWNER + colour] == player and s[S_PAWN + colour] == UNPLACED:
                    s[S_PLAYER] = player
                    return
        # PC-A13: the last to place plays first, then seat order
        s[S_PLAYER] = s[S_ORDER + self.players - 1]
        s[S_PHASE] = START

    def _end_turn(self, slide_code):
        s = self.state
        s[S_LAST_SLIDE] = slide_code
        s[S_LEFT] = 0
        s[S_FORCED] = 0
        s[S_ROLLED] = 0
        s[S_PAWNS_MOVED] = 0
        done = self.turns() + 1
        s[S_TURN] = done & 0xFF
        s[S_TURN + 1] = done >> 8
        s[S_PLAYER] = (s[S_PLAYER] + 1) % self.players
        s[S_PHASE] = START
        if done >= self.turn_cap:
            s[S_RESULT] = RESULT_DRAW
            s[S_PHASE] = OVER

    def _slide(self, line, direction, flip):
        """decisions 2.5 SLIDE: the pusher goes in at one end, a tile and a domino come out at the other."""
        s = self.state
        inserted = (s[S_PUSHER] & ~1) | flip
        if direction == 0:
            t0 = S_TILES + line_tile(line, 3)
            out_tile = s[t0]
            for i in range(3, 0, -1):
                s[S_TILES + line_tile(line, i)] = s[S_TILES + line_tile(line, i - 1)]
            s[S_TILES + line_tile(line, 0)] = out_tile
            out = s[S_SLOTS + line_slot(line, 2)]
            for i in range(2, 0, -1):
                s[S_SLOTS + line_slot(line, i)] = s[S_SLOTS + line_slot(line, i - 1)]
            s[S_SLOTS + line_slot(line, 0)] = inserted
        else:
            out_tile = s[S_TILES + line_tile(line, 0)]
            for i in range(3):
                s[S_TILES + line_tile(line, i)] = s[S_TILES + line_tile(line, i + 1)]
            s[S_TILES + line_tile(line, 3)] = out_tile
            out = s[S_SLOTS + line_slot(line, 0)]
            for i in range(2):
                s[S_SLOTS + line_slot(line, i)] = s[S_SLOTS + line_slot(line, i + 1)]
            s[S_SLOTS + line_slot(line, 2)] = inserted
        s[S_PUSHER] = out
        s[S_PUSHER_AT] = line * 2 + (1 - direction)

    def _deliver(self, token, piece):
        """PC-A15/PC-A16: ending on the matching tile (a null: any own 2-4) delivers at once; PC-A17 endgame."""
        s = self.state
        colour = token >> 2
        if piece >= 16 or piece >> 2 != colour:
            return
        rank = (piece & 3) + 1
        value = s[S_VALUE + token]
        if value != rank and not (value == NULL and rank >= 2):
            return
        s[S_TOKEN_AT + token] = DELIVERED
        player = s[S_OWNER + colour]
        if not self.tokens_left(player):
            s[S_RESULT] = 1 + player
            s[S_PHASE] = OVER
            s[S_LEFT] = 0  # nothing is pending once the game is won; the winning roll stays on show
            return
        for p in range(self.players):
            if self.tokens_left(p) == 1:
                s[S_ENDGAME] = 1

    # -- hidden information, checks ----------------------------------------------------------------------------
    def _hide(self, player):
        """Decisions 2.10: a player sees their own token values and delivered ones, nobody else's."""
        s = self.state
        for t in range(16):
            if s[S_OWNER + (t >> 2)] != player and s[S_TOKEN_AT + t] < SPACES:
                s[S_VALUE + t] = UNKNOWN

    def _reason(self, move):
        return call_rare("core.pawns_crossing.checks", "reason", self, move)

    def validate(self):
        call_rare("core.pawns_crossing.checks", "validate", self)
