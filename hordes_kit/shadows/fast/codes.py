"""The fast simulator's numbers: how a Shadows position lies in one integer array, and the
codes of its tasks, moves, Traits and effects (plain constants: numba reads them as such).

A position is one int64 array ``S``. Cards are indexes into the tables of ``tables.py``,
each kind of card in the order of its ids, so "sorted by id" is "in index order" and a
chance draw walks the outcomes in the rules engine's order. What ``state.Position`` holds
as tuples and sorted tuples, ``S`` holds as counts per card (a multiset), as ordered lists
(the Market, the facedown cards in line, each Field) or as a stack of tasks (``Task``: its
notes are the bit fields and numbers ``TK_*`` below).
"""

from __future__ import annotations

# --- capacities (a card set beyond them is refused: the rules engine plays it) ----------
MAXP = 3  # seats
MAXSK = 192  # Skill cards (ids)
MAXIT = 96  # Items (ids)
MAXMON = 32  # Monsters
MAXCR = 16  # Creatures of Monsters
MAXMIS = 32  # Missions
MAXMK = 32  # kinds of Monster-Action cards
MAXH = 16  # Heroes
MAXZ = 40  # cards on one Field of one seat
MAXQ = 16  # cards laid in line
MAXMARKET = 64  # Items in the Market (its slots and what a chart adds)
MAXT = 192  # tasks on the stack
MAXLM = 160  # legal moves of one decision
MAXW = MAXSK  # the width of a deck row (the largest kind)

# --- scalars of S -------------------------------------------------------------------------
(
    G_N, G_PHASE, G_STAGE, G_ROUND, G_LEADER, G_STEP, G_TURN_SEAT, G_MONSTER, G_LEVEL,
    G_CREATURE, G_BOUNTY_LEFT, G_LEADER_BROKEN, G_END, G_FINISHED, G_NT, G_NQ, G_NMARKET,
    G_LAST, G_MOVES, G_STATUS, G_UNMET, G_POOL, G_MULL, G_NLM, G_UI, G_TAPE_OUT, G_REFILL,
    G_NREC, G_SETTLES,
) = range(29)  # fmt: skip
G_SIZE = 32

# phases (state.Position.phase) and stages
PH_SETUP, PH_TEAMUP, PH_PLAN, PH_COMBAT, PH_BUILDUP, PH_CLEANUP, PH_REFRESH, PH_OVER = range(8)
# setup stages (opening.STAGES; 0 = "" = basics)
(ST_BASICS, ST_MARKET, ST_ROLL, ST_ROLLCHECK, ST_HEROES, ST_DECKS, ST_MISSIONS, ST_BASIC,
 ST_LIBRARY, ST_REVEAL) = range(10)  # fmt: skip
ST_NONE = 0
# teamup: choice, draw, deal, done; buildup: collect, purchase, study; refresh: monster, market
ST_CHOICE, ST_DRAW, ST_DEAL, ST_DONE = 11, 12, 13, 14
ST_COLLECT, ST_PURCHASE, ST_STUDY = 15, 16, 17
ST_RMONSTER, ST_RMARKET, ST_RDONE = 18, 19, 20
END_STONES_WHY, END_LEVEL3_WHY = 1, 2

# --- each seat: PF numbers ------------------------------------------------------------------
(
    P_HERO, P_GOLD, P_XP, P_STONES, P_EG, P_EX, P_ES, P_DAMAGE, P_BOUNTY, P_MISSION,
    P_OFFER0, P_OFFER1, P_NOFFER, P_NMON, P_NLV3, P_KD, P_ROLL, P_B0, P_B1, P_B2, P_B3,
    P_MULL, P_MA, P_MA_UP, P_PRED, P_INV, P_ATT, P_STAND, P_PASSED, P_NSTUDIED, P_MDMG,
    P_CDMG, P_NZ0, P_NZ1, P_NZ2, P_NZ3,
) = range(36)  # fmt: skip
PF = 40
P0 = G_SIZE

# --- the Fields: station, combat, stunned, items; each card placed: PLF numbers ---------
Z_STATION, Z_COMBAT, Z_STUNNED, Z_ITEMS = range(4)
PL_CARD, PL_BACK, PL_DMG, PL_BROKEN, PL_STUN, PL_UR, PL_UG, PL_ON, PL_PROG = range(9)
PLF = 9
Z0 = P0 + MAXP * PF

# --- a seat's Skill cards by kind: counts per card --------------------------------------
CS_DECK, CS_HAND, CS_LIBRARY, CS_STUDIED, CS_BOXED = range(5)
NCS = 5
C0 = Z0 + MAXP * 4 * MAXZ * PLF

# --- the decks: counts per card ------------------------------------------------------------
(D_ITEM_DECK, D_ITEM_DISC, D_BASIC_POOL, D_BASICS, D_MISSION, D_SKILL_POOL, D_DRAWN,
 D_MA_DECK, D_MA_DISC, D_MA_HELD, D_REVEALED, D_SEEN) = range(12)  # fmt: skip
NDK = 12
D0 = C0 + MAXP * NCS * MAXSK

# --- ordered lists: the Market (left to right), the cards laid in line -------------------
MK0 = D0 + NDK * MAXW
Q0 = MK0 + MAXMARKET

# --- the task stack ---------------------------------------------------------------------
(
    TK_KIND, TK_SEAT, TK_CARD, TK_TARGET, TK_AMOUNT, TK_INDEX, TK_SOURCE, TK_FLAGS, TK_MAIN,
    TK_SKIP, TK_PRED, TK_CHOSEN, TK_CHOICE, TK_PREV, TK_ON, TK_SAVED, TK_BLOCKED, TK_RECOVER,
    TK_BY, TK_PLUS, TK_KO, TK_VIA,
) = range(22)  # fmt: skip
TF = 22
T0 = Q0 + MAXQ

# --- the legal moves of the decision on top --------------------------------------------
LM0 = T0 + MAXT * TF
SCR0 = LM0 + MAXLM  # scratch: the targets of an effect, while legal moves are being listed
MAXSCR = 64
# scratch: the Items of a Field while some move to its end, and the final standings (the
# simulator allocates nothing: see fast/__init__.py)
ROWS0 = SCR0 + MAXSCR
USED0 = ROWS0 + MAXZ * PLF
STAND0 = USED0 + MAXZ * PLF
SIZE = STAND0 + MAXP * 3

# task flags (a card task's notes)
F_PREDICTED, F_ACTIVE, F_ITEM, F_TRACK, F_TRIGGER, F_OWN, F_RESPONDED, F_LOSE, F_SAVED = (
    1, 2, 4, 8, 16, 32, 64, 128, 256,
)  # fmt: skip

# what the last Attack or Predict did (``Position.last``)
L_ATTACKED, L_RESPONDED, L_LOST, L_KNOCKDOWN, L_HIT = 1, 2, 4, 8, 16

# how damage or a loss of health comes (a ``!defend`` task's first note)
V_ATTACK, V_PREDICT, V_SPELL = 0, 1, 2
BY_MONSTER = -1

# targets and sources: "" 0, the Monster 1, its Creature 2, a Hero 8 + seat, an Allied
# entity (a Creature or Object on a Station Field) ENT + seat * ENT_SPAN + card
T_NONE, T_MONSTER, T_CREATURE, T_HERO = 0, 1, 2, 8
ENT, ENT_SPAN = 16, 1 << 12

# task kinds: decisions, chance draws (CHANCE_LO..CHANCE_HI), automatic steps
(K_HERO, K_MISSION, K_BASIC, K_MULLIGAN, K_TEAMUP, K_GIVE, K_PICK, K_TURN, K_NEXT, K_TARGET,
 K_PREDICT, K_DEFEND, K_SHIELDS, K_LOSE, K_SEARCH, K_DESTROY, K_TAKE, K_KEEP, K_REPEAT,
 K_CHOOSE, K_MAIN, K_ATTACH, K_BUY, K_STUDY) = range(1, 25)  # fmt: skip
(C_ROLL, C_BASIC, C_ITEM, C_MISSION, C_LIBRARY, C_MA, C_REVEAL, C_DIE, C_REWARD,
 C_MONSTER) = range(31, 41)  # fmt: skip
CHANCE_LO, CHANCE_HI = 31, 40
(A_CARD, A_ATTACK, A_ICONS, A_LAND, A_LOSE, A_STEP3, A_REVEAL3, A_COLLECT) = range(51, 59)

# moves: (verb, a, b) packed in one int64 (``pack``); the verbs of the action ids
(M_ROLL, M_DIE, M_DRAW_BASIC, M_DRAW_ITEM, M_DRAW_MISSION, M_DRAW_SKILL, M_MA, M_MONSTER,
 M_HERO, M_MISSION, M_BASIC, M_TEAMUP, M_GIVE, M_PICK, M_LAY, M_USE, M_TARGET, M_RESPOND,
 M_SHIELDS, M_LOSE, M_REPLACE, M_DESTROY, M_BUY, M_STUDY, M_CHOOSE, M_ATTACH, M_MAIN,
 M_MULLIGAN, M_GO, M_PASS, M_FLIP, M_SKIP, M_DODGE, M_REPEAT, M_STOP, M_DONE, M_KEEP, M_TAKE,
 M_PREDICT, M_KEEPLIB, M_TAKE_HIT) = range(1, 42)  # fmt: skip
MOVE_SHIFT = 24  # bits of each argument
# a destroy move's kind: a Market Item, an Item a Hero holds, a Station card
DK_MARKET, DK_ITEM, DK_CARD = 0, 1, 2
# resources (``lose:``) in the engine's order of its legal moves: gold, stone, xp
R_GOLD, R_STONE, R_XP = 0, 1, 2

# --- Traits (a side's bit mask); the Main Traits are bits 0-12 ------------------------------
TRAIT_NAMES = (
    "Attack", "Attack X2", "Attack X3", "Attack (Standalone)", "Predict", "Spell",
    "Response (Attack)", "Response (Spell)", "Response (Predict)", "Self", "Creature",
    "Object", "Attachment", "Auto", "Delay I", "Delay II", "Repeat", "Destroy", "One Time",
    "Once/Round", "Twice/Round", "Restricted", "Invincible", "StartSide", "BackSide",
    "Choose One",
)  # fmt: skip
TR = {name: k for k, name in enumerate(TRAIT_NAMES)}
B_STANDALONE, B_PREDICT, B_SPELL = 1 << 3, 1 << 4, 1 << 5
B_RESP_ATTACK, B_RESP_SPELL, B_RESP_PREDICT = 1 << 6, 1 << 7, 1 << 8
B_ATTACKS = 0b1111  # Attack, X2, X3, Standalone
B_RESPONSES = B_RESP_ATTACK | B_RESP_SPELL | B_RESP_PREDICT
B_STATION = (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12)  # Self, Creature, Object, Attachment
B_ENTITY = (1 << 10) | (1 << 11)
B_ATTACHMENT = 1 << 12
B_DELAY1, B_DELAY2, B_REPEAT, B_ONE_TIME = 1 << 14, 1 << 15, 1 << 16, 1 << 18
B_INVINCIBLE = 1 << 22
MAIN_SPELL, MAIN_PREDICT = 5, 4
MAIN_RESP = (6, 7, 8)  # Response (Attack), (Spell), (Predict): by V_ATTACK, V_PREDICT...

# --- effects: one row of EF each ------------------------------------------------------------
(EF_VERB, EF_BASE, EF_NUM, EF_FLAGS, EF_WHEN, EF_TRAIT, EF_SUB, EF_ARG, EF_N, EF_OPT1,
 EF_OPT2) = range(11)  # fmt: skip
EFF = 11
(E_ATTACK, E_LOSE, E_BLOCK, E_GAIN, E_RECOVER, E_RECSHIELDS, E_SEARCH, E_DESTROY_ITEM,
 E_DESTROY, E_STAT, E_INVINCIBLE, E_CHOOSE) = range(1, 13)  # fmt: skip
A_NUM, A_STR, A_TECH, A_MAGIC, A_HEALTH, A_X, A_DIE = range(7)  # an amount's base
EFL_HERO, EFL_OTHER, EFL_SHIELDS = 1, 2, 4
W_NONE, W_HIT, W_MISS, W_NORESP, W_LOST, W_RESPONSE, W_KNOCKDOWN = range(7)
GAIN_XP, GAIN_GOLD, GAIN_STONE = 0, 1, 2
# Auto triggers (``card_effects.TRIGGERS``)
TG_PREDICT, TG_ATTACK, TG_SPELL, TG_RESPONSE, TG_KO_OTHER, TG_KO_BY_YOU = range(6)
FLIP_NONE, FLIP_NORESP, FLIP_KNOCKDOWN = range(3)

# --- a Skill card: one row of SK ------------------------------------------------------------
(SK_HERO, SK_SPECIAL, SK_INIT, SK_NPRED, SK_REQMAXH, SK_HEALTH, SK_COPIES, SK_BEGINNER,
 SK_ATTACH, SK_TRAITS, SK_BTRAITS, SK_HASBACK, SK_SHIELD, SK_BSHIELD, SK_STATION, SK_ENTITY,
 SK_FE, SK_FEN, SK_A_STEP, SK_A_PER, SK_A_TIMES, SK_A_FLIP, SK_A_ON, SK_AE, SK_AEN,
 SK_T_STEPS, SK_T_ON, SK_TE, SK_TEN, SK_BE, SK_BEN, SK_BC, SK_BCN, SK_NMAINS, SK_MAIN0,
 SK_MAIN1, SK_NPLAY, SK_PLAY0, SK_PLAY1, SK_USEDBYPLAY, SK_FIRSTATK) = range(41)  # fmt: skip
SK_PRED0 = 44  # .. +5: the predict numbers in the card's order (SK_NPRED of them)
SK_REQ0 = 50  # .. +3: the least of each stat it requires (-1: none); Health's =< SK_REQMAXH
SKF = 56
# SK_INIT: bit i for Initiative i; SK_A_ON, SK_T_ON: a trigger (-1 none); SK_FIRSTATK: the
# index of its first attack effect that is no Sub-Trait (-1); SK_USEDBYPLAY: the Main
# Traits it uses by being played (``combat.used_by_play``), a bit mask

# --- an Item: one row of IT ------------------------------------------------------------------
(IT_BASIC, IT_COST, IT_S0, IT_S1, IT_S2, IT_S3, IT_SHIELD, IT_RESTRICTED, IT_ONE_TIME,
 IT_A_STEP, IT_A_PER, IT_A_TIMES, IT_A_ON, IT_AE, IT_AEN, IT_T_STEPS, IT_T_ON, IT_TE, IT_TEN,
 IT_COPIES) = range(20)  # fmt: skip
ITF = 20

# --- a Monster, its Creature, a Monster-Action card, a Mission, a Hero -------------------
CH_NONE, CH_ATTACK, CH_BLOCK, CH_RECOVER, CH_LOSE, CH_MARKET, CH_CREATURE = range(7)
# MO: level, health, creature, then per icon (verb, number, all), then the reward
MO_LEVEL, MO_HEALTH, MO_CREATURE, MO_CHART = 0, 1, 2, 3
MO_GOLD, MO_XP, MO_STONES, MO_ITEM = 24, 25, 26, 27
MOF = 28
CR_HEALTH, CR_VERB, CR_N, CR_ALL, CR_GOLD, CR_XP, CR_STONES, CR_ITEM = range(8)
CRF = 8
MK_NICONS, MK_ICON0, MK_ICON1, MK_COPIES, MK_HARM = range(5)
MKF = 5
MI_VERB, MI_AMOUNT, MI_REWARD = range(3)
MIF = 3
MISSION_VERBS = ("monsters", "level3", "items", "studied", "knockdowns", "gold", "xp", "bounty")

# --- what the tables hold beside the rows (GL) ---------------------------------------------
(GL_NS, GL_NI, GL_NMON, GL_NCR, GL_NMI, GL_NMK, GL_NH, GL_LEADER_SHIELD, GL_BOUNTY_CARDS,
 GL_BOUNTY_GOLD) = range(10)  # fmt: skip
GLF = 10

# --- the tables (``tables._packed``): matrices (rows of T2), then vectors (in T1) ----------
TB_SK, TB_IT, TB_MO, TB_CR, TB_MK, TB_MI, TB_HE, TB_EF = range(8)
TB_LI, TB_GL, TB_ORD, TB_IZ = range(8, 12)
NTB = 12

# --- how a game ended (the status of a run's row) -----------------------------------------
DONE, TAPE_OUT, OVERFLOW, STUCK, TOO_LONG = range(5)
MAX_MOVES = 20_000  # moves of one game before it is stopped (games take about 220)
