"""The catalogue of the engine's refusals and rule words, in English and Korean; the keys of
every other language's catalogue file (``ja.py``, ``zh_hans.py``, ``zh_hant.py``).

Every :class:`~scoring.errors.ScoringError` is raised from a :class:`Message` of this
module and its fields, e.g. ``ScoringError(RIICHI_MIN_POINTS, who="Player 2", points=800,
minimum=1000)``. The English template renders the contract's text (``error.message``, what
the CLI and the API print); the Korean one is what a Korean table host reads
(``error.localized("ko")``). Both are ``str.format`` templates over the same named fields;
how they are rendered (particles, nested messages) is :mod:`scoring.messages.render`. A message's
key is its constant's name here ("PHRASES.<code>", "ENDED_BY.<code>" for the rule words): the
Japanese and Chinese catalogue files give each key its template (docs/i18n.md).

Rule codes (penalty kinds, how a game ended) have their words here too: :func:`phrase`.

Pure Python: no Django here (the app picks the language and calls ``localized``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.messages.render import LANGUAGES, Message, render


def catalogue() -> dict[str, Message]:
    """Every message of the catalogue by its key (phrases as "PHRASES.<code>", sentences as "ENDED_BY.<code>")."""
    found = {m.key: m for m in globals().values() if isinstance(m, Message)}
    found.update((m.key, m) for m in PHRASES.values())
    found.update((m.key, m) for m in ENDED_BY.values())
    return found


def templates(lang: str) -> dict[str, str]:
    """The catalogue of one language ("en", "ko", "ja", "zh-hans", "zh-hant"): every key -> its template."""
    return {key: message.template(lang) for key, message in catalogue().items()}


# How a list of words is joined in each language.
_LIST_SEPARATOR = {"ja": "、", "zh-hans": "、", "zh-hant": "、"}


def listing(messages: Sequence[Message]) -> Message:
    """A list of messages (e.g. rule phrases) as one fragment, joined as each language joins a list."""

    def joined(lang: str) -> str:
        return _LIST_SEPARATOR.get(lang, ", ").join(render(m, lang) for m in messages)

    others = {lang: joined(lang) for lang in LANGUAGES if lang not in ("en", "ko")}
    return Message(joined("en"), joined("ko"), texts=others)


def _keys() -> None:
    for key, value in list(globals().items()):
        if isinstance(value, Message) and not value.key:
            object.__setattr__(value, "key", key)
    for code, value in PHRASES.items():
        object.__setattr__(value, "key", f"PHRASES.{code}")
    for code, value in ENDED_BY.items():
        object.__setattr__(value, "key", f"ENDED_BY.{code}")


# =========================================================================== the catalogue
# Korean terms as Korean riichi clubs use them: 론, 쯔모, 유국, 텐파이, 노텐, 본장, 공탁(리치봉),
# 리치, 촌보, 유국만관, 판, 부, 역만, 오야(친), 자, 책임지불(파오), 화료 금지, 옐로카드, 벌점.


# --- payments (scoring/payments.py) -----------------------------------------------------------
HAN_NOT_WHOLE = Message(
    "Han must be a whole number of at least 1.",
    "판은 1 이상의 정수여야 합니다.",
)
HAN_NEEDS_FU = Message(
    "A {han}-han hand needs its fu.",
    "{han}판 화료는 부를 함께 입력해야 합니다.",
)
ONE_HAN_TWENTY_FU = Message(
    "1 han 20 fu is impossible: 20 fu is pinfu tsumo, which is at least 2 han.",
    "1판 20부는 있을 수 없습니다: 20부는 핑후 쯔모이므로 최소 2판입니다.",
)
TWENTY_FIVE_FU_HAN = Message(
    "25 fu is chiitoitsu, which is at least 2 han.",
    "25부는 치또이츠이므로 최소 2판입니다.",
)
FU_NOT_WHOLE = Message(
    "Fu must be a whole number.",
    "부는 정수여야 합니다.",
)
FU_IMPOSSIBLE = Message(
    "{fu} fu is impossible: fu is 25 or a multiple of 10 from 20 to 110.",
    "{fu}부는 있을 수 없습니다: 부는 25부이거나 20부에서 110부 사이의 10의 배수입니다.",
)
YAKUMAN_MULTIPLE_NOT_WHOLE = Message(
    "A yakuman multiple must be a whole number of at least 1.",
    "역만 배수는 1 이상의 정수여야 합니다.",
)

# --- rulesets (scoring/rules.py) --------------------------------------------------------------
RULESET_PLAYERS = Message(
    "A ruleset is for 3 or 4 players, not {players}.",
    "룰은 3인 또는 4인용이어야 합니다({players}인은 안 됩니다).",
)
UMA_VALUES = Message(
    "Uma needs {players} values (one per place), got {count}.",
    "우마는 순위마다 하나씩 {players}개의 값이 필요합니다(입력된 값: {count}개).",
)
MAX_RON_WINNERS_RANGE = Message(
    "max_ron_winners must be 1, 2 or 3.",
    "max_ron_winners는 1, 2, 3 중 하나여야 합니다.",
)
YAKUMAN_CAP_RANGE = Message(
    "yakuman_cap must be at least 1 (or null for no cap).",
    "yakuman_cap은 1 이상이어야 합니다(상한이 없으면 null).",
)
UNKNOWN_RULE_OPTIONS = Message(
    "Unknown rule option(s): {options}.",
    "알 수 없는 룰 옵션: {options}.",
)
RULE_OPTION_INVALID = Message(
    "Rule option {name!r}: {value!r} is not a valid value.",
    "룰 옵션 {name!r}: {value!r:은} 올바른 값이 아닙니다.",
)
UNKNOWN_RULESET = Message(
    "Unknown ruleset {key!r}; known rulesets: {known}.",
    "알 수 없는 룰 {key!r}입니다. 사용할 수 있는 룰: {known}.",
)
RULESET_NEEDS_BASE = Message(
    'A ruleset object needs a "base" preset key.',
    '룰 객체에는 기본 프리셋 키 "base"가 필요합니다.',
)
RULESET_OVERRIDES_OBJECT = Message(
    'Ruleset "overrides" must be an object of rule options.',
    '룰의 "overrides"는 룰 옵션 객체여야 합니다.',
)
RULESET_SPEC = Message(
    "The ruleset must be a preset key or an object with a base and overrides.",
    "룰은 프리셋 키이거나 base와 overrides를 가진 객체여야 합니다.",
)


# --- game records (scoring/record.py) ---------------------------------------------------------
RECORD_NOT_OBJECT = Message(
    "A game record must be a JSON object with ruleset, players and hands.",
    "대국 기록은 ruleset, players, hands를 가진 JSON 객체여야 합니다.",
)
RECORD_UNKNOWN_FIELDS = Message(
    "Unknown field(s) in the game record: {fields}.",
    "대국 기록에 알 수 없는 항목이 있습니다: {fields}.",
)
RECORD_UNKNOWN_FORMAT = Message(
    "Unknown record format {format!r}; expected {expected!r}.",
    "알 수 없는 기록 형식 {format!r}입니다. {expected!r} 형식이어야 합니다.",
)
RECORD_NO_RULESET = Message(
    "The game record does not name its ruleset.",
    "대국 기록에 룰이 지정되어 있지 않습니다.",
)
RECORD_PLAYERS_NAMES = Message(
    "Players must be a list of names.",
    "players는 이름 목록이어야 합니다.",
)
RECORD_PLAYER_COUNT = Message(
    "The ruleset {key!r} is for {players} players, but the record names {count}.",
    "룰 {key!r}은(는) {players}인용인데 기록에는 {count}명이 있습니다.",
)
RECORD_HANDS_LIST = Message(
    "Hands must be a list of events.",
    "hands는 국(局) 기록의 목록이어야 합니다.",
)
UNKNOWN_EVENT_FIELDS = Message(
    "Unknown field(s) in a {what}: {fields}.",
    "{what} 기록에 알 수 없는 항목이 있습니다: {fields}.",
)
PLAYER_NOT_NUMBER = Message(
    "The {what} must be a player number from 0 to {last}.",
    "{what:은} 0부터 {last}까지의 플레이어 번호여야 합니다.",
)
NO_SUCH_PLAYER = Message(
    "There is no player {value}: the {what} must be from 0 to {last}.",
    "{value}번 플레이어는 없습니다: {what:은} 0부터 {last}까지여야 합니다.",
)
RULING_AMOUNT = Message(
    "A ruling needs an amount: a positive number of points in hundreds (e.g. 1000).",
    "재정 벌점에는 금액이 필요합니다: 100점 단위의 양수(예: 1000).",
)
RULING_SPLIT = Message(
    'A ruling shared by the other {others} players must split into hundreds '
    '({amount:,} does not); name who receives it with "to".',
    '다른 {others}명이 나눠 받는 재정 벌점은 100점 단위로 나누어떨어져야 합니다'
    '({amount:,}점은 나누어떨어지지 않습니다). "to"로 받는 사람을 지정하세요.',
)
RULING_SELF = Message(
    "A ruling cannot pay the player who pays it.",
    "재정 벌점을 내는 플레이어가 그 벌점을 받을 수는 없습니다.",
)
PLAYER_LIST_MISSING = Message(
    "The {what} list is missing.",
    "{what} 목록이 없습니다.",
)
PLAYER_LIST_NOT_LIST = Message(
    "The {what} field must be a list of player numbers.",
    "{what} 항목은 플레이어 번호의 목록이어야 합니다.",
)
PLAYER_LISTED_TWICE = Message(
    "A player is listed twice in {what}.",
    "{what} 목록에 같은 플레이어가 두 번 있습니다.",
)
NOT_WHOLE_NUMBER = Message(
    "{what} must be a whole number of at least {minimum}.",
    "{what:은} {minimum} 이상의 정수여야 합니다.",
)
WIN_NEEDS_VALUE = Message(
    "{who}'s win needs han and fu, a yakuman multiple, or the hand.",
    "{who}의 화료에는 판과 부, 역만 배수, 또는 손패 중 하나가 필요합니다.",
)
WIN_GIVES_SEVERAL = Message(
    "{who}'s win gives {given}: give only one of them.",
    "{who}의 화료에 {given}이(가) 함께 입력되었습니다: 하나만 입력하세요.",
)
WIN_FU_WITHOUT_HAN = Message(
    "{who}'s win gives fu without han.",
    "{who}의 화료에 판 없이 부만 입력되었습니다.",
)
WIN_HAND_NOT_OBJECT = Message(
    "{who}'s hand must be an object with tiles, melds and win.",
    "{who}의 손패는 tiles, melds, win을 가진 객체여야 합니다.",
)
WIN_DORA_OVER_HAN = Message(
    "{who}'s win has {dora} dora but only {han} han.",
    "{who}의 화료는 {han}판인데 도라가 {dora}개입니다.",
)
PAO_OWN_WIN = Message(
    "{who} cannot be liable (pao) for their own win.",
    "{who:은} 자신의 화료에 책임지불(파오)을 할 수 없습니다.",
)
PAO_NEEDS_PLAYER = Message(
    "pao_yakuman and pao_for need the liable player in pao.",
    "pao_yakuman과 pao_for에는 pao에 책임지불(파오) 플레이어가 지정되어야 합니다.",
)
PAO_OVER_YAKUMAN = Message(
    "Pao cannot cover {pao} yakuman of a {yakuman}x yakuman.",
    "책임지불(파오)은 {yakuman}배 역만 중 {pao}배 역만까지 맡을 수 없습니다.",
)
WIN_OPEN_NOT_BOOL = Message(
    "{who}'s open (called) hand mark must be true or false.",
    "{who}의 울었음(副露) 표시는 true 또는 false여야 합니다.",
)
WIN_OPEN_WITH_RIICHI = Message(
    "{who} cannot both declare riichi and have an open (called) hand.",
    "{who:은} 리치를 하면서 울 수는 없습니다 (울었음과 리치를 함께 표시했습니다).",
)
UNKNOWN_PAO_FOR = Message(
    "Unknown pao_for {value!r}; use one of {known}.",
    "알 수 없는 pao_for {value!r}입니다. 다음 중 하나를 쓰세요: {known}.",
)
EVENT_NOT_OBJECT = Message(
    "Each hand must be an object with a kind.",
    "각 국 기록은 kind를 가진 객체여야 합니다.",
)
RON_NEEDS_WINS = Message(
    "A ron needs wins: a list of one to three winners.",
    "론에는 wins(화료자 1~3명의 목록)가 필요합니다.",
)
RON_TOO_MANY_WINNERS = Message(
    "A ron can have at most {most} winners.",
    "론의 화료자는 최대 {most}명입니다.",
)
WIN_NOT_OBJECT = Message(
    "Each win must be an object with a winner.",
    "각 화료는 winner를 가진 객체여야 합니다.",
)
RON_WINNER_TWICE = Message(
    "The same winner is listed twice in one ron.",
    "한 론에 같은 화료자가 두 번 있습니다.",
)
RON_OWN_DISCARD = Message(
    "{who} cannot win by ron on their own discard.",
    "{who:은} 자신이 버린 패로 론 화료할 수 없습니다.",
)
NAGASHI_NEEDS_PLAYER = Message(
    "A nagashi mangan needs at least one player who made it.",
    "유국만관에는 달성한 플레이어가 한 명 이상 있어야 합니다.",
)
UNKNOWN_ABORT = Message(
    "Unknown abortive draw {reason!r}; use one of {known}.",
    "알 수 없는 도중유국 {reason!r}입니다. 다음 중 하나를 쓰세요: {known}.",
)
DELIBERATE_BOOL = Message(
    "deliberate must be true or false.",
    "deliberate는 true 또는 false여야 합니다.",
)
UNKNOWN_PENALTY = Message(
    "Unknown penalty type {type!r}; use one of {known} (a chombo is its own event).",
    "알 수 없는 벌점 종류 {type!r}입니다. 다음 중 하나를 쓰세요: {known} (촌보는 별도의 기록입니다).",
)
UNKNOWN_EVENT_KIND = Message(
    "Unknown kind of hand {kind!r}; use ron, tsumo, draw, nagashi, abort, chombo, penalty, stop, end or result.",
    "알 수 없는 국 종류 {kind!r}입니다. ron, tsumo, draw, nagashi, abort, chombo, penalty, stop, end, result 중 "
    "하나를 쓰세요.",
)
UNKNOWN_END_REASON = Message(
    "Unknown reason {reason!r} to end the game; use one of {known}.",
    "알 수 없는 대국 종료 사유 {reason!r}입니다. 다음 중 하나를 쓰세요: {known}.",
)
END_NOTE_TEXT = Message(
    "The note of an end must be text.",
    "대국 종료의 메모는 글이어야 합니다.",
)
RESULT_SCORES = Message(
    "A result needs the scores of all {players} seats, each a whole number of points.",
    "점수 입력에는 {players}명 모두의 점수를 정수로 적어야 합니다.",
)

# Fragments: what a record field is, in the messages above.
LIST_PLAYER = Message("{what} player", "{what} 플레이어")
WHAT_RON = Message("ron", "론")
WHAT_WIN = Message("win", "화료")
WHAT_TSUMO = Message("tsumo", "쯔모")
WHAT_DRAW = Message("draw", "유국")
WHAT_NAGASHI = Message("nagashi", "유국만관")
WHAT_ABORT = Message("abortive draw", "도중유국")
WHAT_CHOMBO = Message("chombo", "촌보")
WHAT_PENALTY = Message("penalty", "벌점")
WHAT_STOP = Message("stop", "종료 선언")
WHAT_END = Message("end", "대국 종료")
WHAT_RESULT = Message("result", "점수 입력")
WHAT_RESULT_STICKS = Message("Sticks left on the table", "남은 리치봉 수")
WHAT_RULING = Message("ruling", "재정 벌점")
WHAT_RIICHI = Message("riichi", "리치")
WHAT_TENPAI = Message("tenpai", "텐파이")
WHAT_RULING_PAYER = Message("player who pays the ruling", "재정 벌점을 내는 플레이어")
WHAT_RULING_RECEIVER = Message("player who receives the ruling", "재정 벌점을 받는 플레이어")
WHAT_WINNER = Message("winner", "화료자")
WHAT_PAO_PLAYER = Message("liable (pao) player", "책임지불(파오) 플레이어")
WHAT_LOSER = Message("loser (discarder)", "방총자(론 당한 사람)")
WHAT_CHOMBO_OFFENDER = Message("chombo offender", "촌보를 한 플레이어")
WHAT_PENALISED = Message("penalised player", "벌점을 받는 플레이어")
WHAT_YAKUMAN_MULTIPLE = Message("A yakuman multiple", "역만 배수")
WHAT_DORA = Message("Dora", "도라 수")
WHAT_PAO_YAKUMAN = Message("pao_yakuman", "pao_yakuman")


# --- settling a hand (scoring/settle.py) ------------------------------------------------------
EVENT_DOES_NOT_SETTLE = Message(
    "A {kind!r} event does not settle a hand.",
    "{kind!r} 기록으로는 국을 정산할 수 없습니다.",
)
RIICHI_MIN_POINTS = Message(
    "{who} cannot declare riichi with {points:,} points (minimum {minimum:,}).",
    "{who:은} {points:,}점으로는 리치를 선언할 수 없습니다(최소 {minimum:,}점).",
)
AGARI_FORBIDDEN_WIN = Message(
    "{who} is agari-forbidden this hand and cannot win.",
    "{who:은} 이번 국에 화료 금지 상태이므로 화료할 수 없습니다.",
)
RON_TWENTY_FU = Message(
    "{who}: 20 fu is only a pinfu tsumo; a ron is at least 30 fu.",
    "{who}: 20부는 핑후 쯔모뿐입니다. 론은 최소 30부입니다.",
)
CHIITOITSU_TSUMO_HAN = Message(
    "{who}: a chiitoitsu tsumo is at least 3 han (chiitoitsu + menzen tsumo).",
    "{who}: 치또이츠 쯔모는 최소 3판입니다(치또이츠 + 멘젠쯔모).",
)
DEALER_RENCHAN_MIN_HAN = Message(
    "{who} is the dealer on renchan {renchan} and needs at least {need} han "
    "without dora to win; this hand has {counted}.",
    "{who:은} {renchan}연장 중인 오야(친)이므로 도라를 빼고 {need}판 이상이어야 화료할 수 있습니다. "
    "이 화료는 {counted}판입니다.",
)
HAND_DISAGREES_WITH_GAME = Message(
    "{who}'s hand says {key} = {given!r}, but in this game it is {expected!r}.",
    "{who}의 손패에는 {key} = {given!r}로 되어 있지만, 이 대국에서는 {expected!r}입니다.",
)
PLAYERS_HAND = Message(
    "{who}'s hand: {error}",
    "{who}의 손패: {error}",
)
TRIPLE_RON_ABORT = Message(
    "A triple ron is an abortive draw under this ruleset — enter it as an abortive draw (triple ron).",
    "트리플 론은 유국입니다 — 유국(삼가화)으로 입력하세요.",
)
HEAD_BUMP = Message(
    "Only one player may ron a discard under this ruleset (head bump): record only {who}'s win.",
    "이 룰에서는 한 패에 한 명만 론할 수 있습니다(선하네, 아타마하네): {who}의 화료만 기록하세요.",
)
MAX_RON_WINNERS = Message(
    "This ruleset allows at most {most} rons on one discard.",
    "이 룰에서는 한 패에 최대 {most}명까지 론할 수 있습니다.",
)
PAO_NEEDS_YAKUMAN_HAND = Message(
    "Pao on {who}'s win needs a yakuman (daisangen, daisuushii...): this hand is not one.",
    "{who}의 화료에 책임지불(파오)을 적용하려면 역만(대삼원, 대사희 등)이어야 하는데, 이 화료는 역만이 아닙니다.",
)
NO_YAKUMAN_PAO = Message(
    "This ruleset has no pao (liability) for yakuman.",
    "이 룰에는 역만 책임지불(파오)이 없습니다.",
)
NO_PAO_FOR = Message(
    "This ruleset has no pao for {kind}.",
    "이 룰에는 {kind}에 대한 책임지불(파오)이 없습니다.",
)
PAO_NOT_IN_HAND = Message(
    "Pao on {who}'s win: the hand has nothing this ruleset makes a player liable for (pao only for {kinds}).",
    "{who}의 화료에는 책임지불(파오)을 적용할 수 없습니다: 이 룰의 책임지불은 {kinds}에만 있는데, "
    "이 화료는 그 어느 것도 아닙니다.",
)
PAO_FOR_NOT_IN_HAND = Message(
    "Pao for {kind} on {who}'s win: the hand has no {kind}.",
    "{who}의 화료에 {kind} 책임지불(파오)을 적용할 수 없습니다: 이 화료에는 {kind:이} 없습니다.",
)
PAO_RINSHAN_NEEDS_DAIMINKAN = Message(
    "Rinshan pao on {who}'s win needs a daiminkan: this rinshan win came after no daiminkan (a closed or added "
    "kan makes nobody liable).",
    "{who}의 영상개화에는 책임지불(파오)을 적용할 수 없습니다: 영상개화 책임지불은 대명깡 뒤의 영상개화에만 있고, "
    "안깡이나 가깡 뒤에는 책임지는 사람이 없습니다.",
)
DAIMINKAN_PAO_TSUMO = Message(
    "Daiminkan-rinshan pao is for a rinshan tsumo, not a ron.",
    "대명깡 영상개화 책임지불(파오)은 영상개화 쯔모에만 적용되며 론에는 적용되지 않습니다.",
)
PAO_NEEDS_YAKUMAN = Message(
    "Pao for {kind} needs a yakuman win.",
    "{kind} 책임지불(파오)은 역만 화료에만 적용됩니다.",
)
NOTEN_RIICHI_AT_DRAW = Message(
    "{who} declared riichi this hand but is not tenpai at the draw: a noten riichi is a chombo; "
    "record a chombo instead.",
    "{who:은} 이번 국에 리치를 선언했지만 유국 때 텐파이가 아닙니다. 노텐 리치는 촌보이므로 촌보로 기록하세요.",
)
AGARI_FORBIDDEN_TENPAI = Message(
    "{who} is agari-forbidden this hand: their tenpai does not count.",
    "{who:은} 이번 국에 화료 금지 상태이므로 텐파이로 인정되지 않습니다.",
)
NO_NAGASHI = Message(
    "This ruleset has no nagashi mangan: record the hand as a draw.",
    "이 룰에는 유국만관이 없습니다: 유국으로 기록하세요.",
)
AGARI_FORBIDDEN_NAGASHI = Message(
    "{who} is agari-forbidden this hand and cannot claim nagashi mangan.",
    "{who:은} 이번 국에 화료 금지 상태이므로 유국만관을 인정받을 수 없습니다.",
)
NO_ABORTIVE_DRAWS = Message(
    "This ruleset has no abortive draws: play on (or record what happened).",
    "이 룰에는 도중유국이 없습니다: 계속 진행하세요(또는 실제로 일어난 일을 기록하세요).",
)
ABORT_NOT_ALLOWED = Message(
    "This ruleset does not allow the abortive draw {reason} (allowed: {allowed}).",
    "이 룰에서는 도중유국 {reason:이} 인정되지 않습니다(인정되는 것: {allowed}).",
)
FOUR_RIICHI_ALL = Message(
    "A four-riichi abortive draw needs all four players in the riichi list.",
    "사가리치 도중유국은 네 명 모두 리치 목록에 있어야 합니다.",
)
NO_DELIBERATE_CHOMBO = Message(
    "This ruleset has no deliberate-chombo rule: record a chombo (or an expulsion ruling).",
    "이 룰에는 고의 촌보 규정이 없습니다: 촌보(또는 퇴장 재정)로 기록하세요.",
)

# --- the game (scoring/game.py) ---------------------------------------------------------------
GAME_OVER = Message(
    "The game is already over ({how}); nothing can follow.",
    "대국이 이미 끝났습니다({how}). 더 기록할 수 없습니다.",
)
STOP_NOT_AWAITED = Message(
    "Stop is only for the all-last dealer who has just won (or is tenpai) on top "
    "where the ruleset lets the dealer choose to end the game.",
    "종료 선언은 올라스에서 방금 화료(또는 텐파이)한 1위 오야(친)가, 룰상 대국 종료를 선택할 수 있을 때만 "
    "할 수 있습니다.",
)
STOP_NOT_AWAITED_MIN = Message(
    "Stop is only for the all-last dealer who has just won (or is tenpai) on top with at least "
    "{minimum:,} points where the ruleset lets the dealer choose to end the game.",
    "종료 선언은 올라스에서 방금 화료(또는 텐파이)한 {minimum:,}점 이상의 1위 오야(친)가, 룰상 대국 종료를 "
    "선택할 수 있을 때만 할 수 있습니다.",
)
END_DURING_HAND = Message(
    "The game can only end between hands: the penalty before it belongs to a hand not yet entered.",
    "대국은 국과 국 사이에만 끝낼 수 있습니다: 앞의 벌점이 아직 입력되지 않은 국에 속해 있습니다.",
)
RESULT_NOT_ALONE = Message(
    "A result (scores entered as a whole) must be the record's only event.",
    "점수 입력(최종 점수를 한 번에 입력)은 기록의 유일한 항목이어야 합니다.",
)
RESULT_TOTAL_OVER = Message(
    "The scores add up to {total:,} (with {sticks} riichi stick(s) on the table), but the table started with "
    "{expected:,}: {diff:,} too many. Check each score.",
    "점수 합계가 {total:,}점입니다 (탁에 남은 리치봉 {sticks}개 포함). 시작 합계는 {expected:,}점이므로 "
    "{diff:,}점이 많습니다. 각 점수를 확인하세요.",
)
RESULT_TOTAL_SHORT = Message(
    "The scores add up to {total:,} (with {sticks} riichi stick(s) on the table), but the table started with "
    "{expected:,}: {diff:,} missing. Check each score.",
    "점수 합계가 {total:,}점입니다 (탁에 남은 리치봉 {sticks}개 포함). 시작 합계는 {expected:,}점이므로 "
    "{diff:,}점이 모자랍니다. 각 점수를 확인하세요.",
)
NO_SUCH_PENALTY = Message(
    "This ruleset has no {penalty} penalty.",
    "이 룰에는 {penalty} 벌칙이 없습니다.",
)

# --- what each player needs (scoring/needs.py) ------------------------------------------------
NEEDS_GAME_OVER = Message(
    "The game is over ({how}): there is no next hand, so nobody needs anything.",
    "대국이 이미 끝났습니다({how}). 다음 국이 없으므로 1위 조건도 없습니다.",
)

# Rule codes in words (penalty kinds, how a game ended): see phrase().
PHRASES = {
    "penalty_point": Message("penalty point", "벌점"),
    "yellow_card": Message("yellow card", "옐로카드"),
    "agari_forbidden": Message("agari forbidden", "화료 금지"),
    "verbal_warning": Message("verbal warning", "구두 경고"),
    # what a pao (책임지불) is for (scoring.record.PaoFor); English as the record writes pao_for
    "daisangen": Message("daisangen", "대삼원"),
    "daisuushii": Message("daisuushii", "대사희"),
    "suukantsu": Message("suukantsu", "스깡츠"),
    "daiminkan_rinshan": Message("daiminkan_rinshan", "대명깡 영상개화"),
    "chombo": Message("chombo", "촌보"),
    "deliberate_chombo": Message("deliberate chombo", "고의 촌보"),
    "expulsion": Message("expulsion", "퇴장"),
    "declaration_void": Message("declaration void", "선언 무효"),
    "ruling": Message("ruling", "재정"),
    "stop": Message("stop", "종료 선언"),
    "tobi": Message("tobi", "토비"),
    "sudden_death": Message("sudden death", "서든데스"),
    "agari_yame": Message("agari yame", "아가리 야메"),
    "tenpai_yame": Message("tenpai yame", "텐파이 야메"),
    "all_last": Message("all last", "올라스 종료"),
    "west_end": Message("west end", "서장 종료"),
    "time": Message("time", "시간 종료"),
    "referee": Message("referee", "심판 종료"),
    "result": Message("scores entered", "점수 입력"),
}


def phrase(code: str) -> Message | str:
    """A rule code in words: its catalogue phrase, or (unknown) the code with spaces."""
    return PHRASES.get(code) or code.replace("_", " ")


# How a game ended (scoring.termination.Termination), as a sentence for a results page.
ENDED_BY = {
    "all_last": Message("The last hand (all-last) is over.", "오라스가 끝났습니다."),
    "agari_yame": Message(
        "The all-last dealer won while on top (agari-yame).", "오라스 오야가 1위로 화료했습니다 (아가리 그만두기)."
    ),
    "tenpai_yame": Message(
        "The all-last dealer was tenpai while on top (tenpai-yame).",
        "오라스 오야가 1위로 텐파이했습니다 (텐파이 그만두기).",
    ),
    "tobi": Message("A player went below zero (tobi).", "0점 미만이 된 사람이 있습니다 (토비)."),
    "sudden_death": Message(
        "Someone reached the target in the extra round (sudden death).",
        "연장전에서 목표 점수에 도달했습니다 (서든데스).",
    ),
    "west_end": Message("West 4 is over: the hard end.", "서4국이 끝났습니다: 최종 종료."),
    "deliberate_chombo": Message("A deliberate chombo ends the game.", "고의 촌보로 대국이 끝났습니다."),
    "stop": Message("The all-last dealer chose to end the game.", "오라스 오야가 대국 종료를 선택했습니다."),
    "time": Message(
        "Time ran out: the game ended by the event's end rule.", "시간 종료: 종료 규칙에 따라 대국이 끝났습니다."
    ),
    "referee": Message("A referee ended the game at its scores.", "심판이 현재 점수로 대국을 끝냈습니다 (심판 종료)."),
    "result": Message("The final scores were entered as a whole.", "최종 점수를 한 번에 입력했습니다 (점수 입력)."),
}


# --- tiles and hands (scoring/hand/) ----------------------------------------------------------
TILES_EXPECTED = Message(
    "{what}: expected tiles like '234m406p11z', got {text!r}.",
    "{what}: '234m406p11z' 같은 패 표기가 필요합니다(입력: {text!r}).",
)
NOT_A_HONOR_TILE = Message(
    "{what}: '{digit}z' is not a tile (honors are 1z-7z: E S W N white green red).",
    "{what}: '{digit}z'라는 패는 없습니다(자패는 1z-7z: 동 남 서 북 백 발 중).",
)
TILES_UNREADABLE = Message(
    "{what}: cannot read {text!r} — write digits then a suit letter m, p, s or z (0 = red five).",
    "{what}: {text!r}를 읽을 수 없습니다 — 숫자 뒤에 m, p, s, z 중 하나를 쓰세요(0 = 적5).",
)
ONE_TILE_EXPECTED = Message(
    "{what}: expected one tile, got {text!r}.",
    "{what}: 패 한 장이 필요합니다(입력: {text!r}).",
)
ONLY_FOUR_TILES = Message(
    "There are only four {tile} tiles in the set.",
    "{tile}은(는) 한 세트에 네 장뿐입니다.",
)
HAND_NOT_OBJECT = Message(
    "A hand must be an object with at least 'tiles' and 'win'.",
    "손패는 최소한 'tiles'와 'win'을 가진 객체여야 합니다.",
)
UNKNOWN_HAND_FIELDS = Message(
    "Unknown hand field(s): {fields}.",
    "손패에 알 수 없는 항목이 있습니다: {fields}.",
)
HAND_NEEDS_TILES_AND_WIN = Message(
    "A hand needs 'tiles' (the concealed tiles, winning tile included) and 'win'.",
    "손패에는 'tiles'(화료패를 포함한 멘젠 패)와 'win'(화료패)이 필요합니다.",
)
FLAG_NOT_BOOL = Message(
    "'{name}' must be true or false, got {value!r}.",
    "'{name}'은(는) true 또는 false여야 합니다(입력: {value!r}).",
)
NAGASHI_NOT_A_HAND = Message(
    "Nagashi mangan is not a hand to score: record it as a 'nagashi' event and the game settles it.",
    "유국만관은 점수를 계산할 손패가 아닙니다: 'nagashi'(유국만관)로 기록하면 대국에서 정산합니다.",
)
TOO_MANY_MELDS = Message(
    "A hand has at most four melds.",
    "울기(후로)는 최대 네 개입니다.",
)
CONCEALED_COUNT = Message(
    "With {melds} meld(s) the concealed tiles, winning tile included, must be {expected} tiles; got {count}.",
    "울기(후로)가 {melds}개이면 화료패를 포함한 멘젠 패는 {expected}장이어야 합니다(입력: {count}장).",
)
WIN_TILE_NOT_IN_HAND = Message(
    "The winning tile {tile} is not among the concealed tiles.",
    "화료패 {tile}이(가) 멘젠 패에 없습니다.",
)
WIN_TILE_RED_NOT_IN_HAND = Message(
    "The winning tile is a red five ({tile}), but the tiles hold no red {suit} five.",
    "화료패가 적5({tile})인데 손패에 {suit} 적5가 없습니다.",
)
TOO_MANY_DORA = Message(
    "At most five dora indicators (one plus one per kan).",
    "도라 표시패는 최대 다섯 장입니다(기본 한 장 + 깡마다 한 장).",
)
URA_OVER_DORA = Message(
    "There cannot be more ura dora indicators than dora indicators.",
    "뒷도라 표시패가 도라 표시패보다 많을 수 없습니다.",
)
FLOWERS_NOT_WHOLE = Message(
    "'flowers' must be a whole number of at least 0, got {value!r}.",
    "'flowers'는 0 이상의 정수여야 합니다(입력: {value!r}).",
)
NO_FLOWERS = Message(
    "This ruleset has no flower tiles.",
    "이 룰에는 꽃패가 없습니다.",
)
FLOWERS_OVER = Message(
    "This ruleset has only {flowers} flower tiles.",
    "이 룰의 꽃패는 {flowers}장뿐입니다.",
)
KITA_NOT_WHOLE = Message(
    "'kita' (Norths set aside) must be a whole number from 0 to 4, got {value!r}.",
    "'kita'(뽑은 북)는 0에서 4 사이의 정수여야 합니다(입력: {value!r}).",
)
NO_KITA = Message(
    "This ruleset sets no North aside (kita is three-player only, where the ruleset has it).",
    "이 룰에는 북 뽑기(키타)가 없습니다(키타는 3인 마작에서 룰이 정한 경우에만 있습니다).",
)
WIND_FIELD = Message(
    "'{field}' must be one of E, S, W, N; got {value!r}.",
    "'{field}'은(는) E, S, W, N 중 하나여야 합니다(입력: {value!r}).",
)
NOT_A_LIST = Message(
    "'{what}' must be a list.",
    "'{what}'은(는) 목록이어야 합니다.",
)
MELD_WRITE = Message(
    '{where}: write a meld as {{"kind": "pon", "tiles": "777z"}}.',
    '{where}: 울기는 {{"kind": "pon", "tiles": "777z"}}처럼 쓰세요.',
)
MELD_UNKNOWN_KIND = Message(
    "{where}: unknown kind {kind!r}; use chi, pon, daiminkan, shouminkan or ankan.",
    "{where}: 알 수 없는 종류 {kind!r}입니다. chi, pon, daiminkan, shouminkan, ankan 중 하나를 쓰세요.",
)
CHI_SHAPE = Message(
    "{where}: a chi is three consecutive tiles of one suit, got {tiles!r}.",
    "{where}: 치는 같은 종류의 연속된 패 세 장입니다(입력: {tiles!r}).",
)
SET_SHAPE = Message(
    "{where}: a {kind} is {size} identical tiles, got {tiles!r}.",
    "{where}: {kind:은} 같은 패 {size}장입니다(입력: {tiles!r}).",
)
MELD_N = Message("meld {n}", "{n}번째 울기")
TILE_OVER_FOUR = Message(
    "{n} copies of {tile} (hand, melds and indicators): there are only four.",
    "{tile}이(가) {n}장입니다(손패, 울기, 표시패 합계): 이 패는 네 장뿐입니다.",
)
SANMA_REMOVED_TILES = Message(
    "Three-player mahjong under this ruleset has no {removed}; got {tiles}.",
    "이 규정의 3인 마작에는 {removed}이 없습니다(입력: {tiles}).",
)
TOO_MANY_RED = Message(
    "{red} red 5{suit} (written 0{suit}) but this ruleset has {allowed} red 5{suit}.",
    "적5{suit}(0{suit}로 표기)가 {red}장인데 이 룰의 적5{suit}는 {allowed}장입니다.",
)
TOO_MANY_PLAIN_FIVES = Message(
    "{plain} plain 5{suit}: with {allowed} red 5{suit} in the set there are only "
    "{plain_max} plain ones (write a red five as 0{suit}).",
    "일반 5{suit}가 {plain}장입니다: 적5{suit}가 {allowed}장인 세트에는 일반 5{suit}가 {plain_max}장뿐입니다"
    "(적5는 0{suit}로 쓰세요).",
)
NO_RED = Message("no", "0")
# A suit by name (a red five's): English as the notation's letters read.
SUIT_MAN = Message("man", "만수")
SUIT_PIN = Message("pin", "통수")
SUIT_SOU = Message("sou", "삭수")
WINDS_CONTEXT = Message(
    "Seat and round wind must be one of E, S, W, N.",
    "자풍과 장풍은 E, S, W, N 중 하나여야 합니다.",
)
HAND_NEEDS_WINDS = Message(
    "A hand scored on its own needs 'seat_wind' and 'round_wind' (E, S, W or N).",
    "손패만 따로 계산하려면 'seat_wind'(자풍)와 'round_wind'(장풍)가 필요합니다(E, S, W, N).",
)
DEALER_IS_EAST = Message(
    "The dealer's seat wind is East, and only the dealer's.",
    "오야(친)의 자풍은 동이며, 동은 오야만의 자풍입니다.",
)
SANMA_NO_NORTH = Message(
    "Three-player mahjong has no North seat.",
    "3인 마작에는 북가(北家)가 없습니다.",
)
RENCHAN_NEGATIVE = Message(
    "dealer_renchan cannot be negative.",
    "dealer_renchan(연장 횟수)은 음수일 수 없습니다.",
)
RIICHI_CLOSED = Message(
    "Riichi needs a closed hand (only closed kans may be declared).",
    "리치는 멘젠이어야 합니다(안깡만 허용됩니다).",
)
IPPATSU_RIICHI = Message(
    "Ippatsu needs riichi.",
    "일발은 리치가 있어야 합니다.",
)
HAITEI_TSUMO = Message(
    "Haitei is a tsumo on the last tile; this hand is a ron (that would be houtei).",
    "해저로월(하이테이)은 마지막 패를 쯔모한 화료입니다. 이 화료는 론입니다(론이라면 하저로어(호우테이)).",
)
HOUTEI_RON = Message(
    "Houtei is a ron on the last discard; this hand is a tsumo (that would be haitei).",
    "하저로어(호우테이)는 마지막 버림패로 론한 화료입니다. 이 화료는 쯔모입니다(쯔모라면 해저로월(하이테이)).",
)
RINSHAN_TSUMO = Message(
    "Rinshan kaihou is a tsumo on the replacement tile after a kan; it cannot be a ron.",
    "영상개화(린샨)는 깡 뒤 영상패를 쯔모한 화료이므로 론일 수 없습니다.",
)
RINSHAN_NEEDS_KAN = Message(
    "Rinshan kaihou needs a kan (or a flower) in the hand.",
    "영상개화(린샨)는 손패에 깡(또는 꽃패)이 있어야 합니다.",
)
RINSHAN_HAITEI = Message(
    "A replacement tile after a kan is not the last wall tile: rinshan and haitei exclude each other.",
    "깡 뒤의 영상패는 마지막 패가 아닙니다: 영상개화와 해저로월은 함께 성립하지 않습니다.",
)
CHANKAN_RON = Message(
    "Chankan robs another player's kan: it is a ron, not a tsumo.",
    "창깡은 다른 사람의 깡을 빼앗는 화료이므로 쯔모가 아니라 론입니다.",
)
CHANKAN_HOUTEI = Message(
    "Chankan and houtei cannot both happen on one win.",
    "창깡과 하저로어는 한 화료에서 함께 성립하지 않습니다.",
)
TENHOU_DEALER = Message(
    "Tenhou is the dealer's win on the first draw; this player is not the dealer.",
    "천화는 오야(친)가 첫 쯔모에 화료하는 역입니다. 이 플레이어는 오야가 아닙니다.",
)
FIRST_DRAW_NO_RIICHI = Message(
    "Tenhou, chiihou and renhou come before the winner's first discard, so there can be no riichi.",
    "천화·지화·인화는 첫 타패 전에 나는 화료이므로 리치와 함께 있을 수 없습니다.",
)
TENHOU_SHAPE = Message(
    "Tenhou is a tsumo on the dealer's first draw, with no melds.",
    "천화는 울기 없이 오야(친)의 첫 쯔모로 화료하는 역입니다.",
)
CHIIHOU_NOT_DEALER = Message(
    "Chiihou is a non-dealer's win on the first draw; the dealer's is tenhou.",
    "지화는 자가 첫 쯔모에 화료하는 역입니다. 오야(친)라면 천화입니다.",
)
CHIIHOU_SHAPE = Message(
    "Chiihou is a tsumo on the first draw, with no melds.",
    "지화는 울기 없이 첫 쯔모로 화료하는 역입니다.",
)
NO_RENHOU = Message(
    "This ruleset has no renhou: the win before the first draw is scored on its other yaku.",
    "이 룰에는 인화가 없습니다(역이 아님): 첫 쯔모 전의 론은 다른 역으로 계산했습니다.",
)
NO_RENHOU_TURNED_BACK = Message(
    "This ruleset has no renhou: the entry is turned back; enter the win without the renhou flag.",
    "이 룰에는 인화가 없습니다(역이 아님): 입력을 되돌립니다. 인화 표시 없이 다시 입력하세요.",
)
RENHOU_SHAPE = Message(
    "Renhou is a non-dealer's ron before their first draw, with no melds.",
    "인화는 자가 울기 없이 첫 쯔모 전에 론하는 역입니다.",
)
ONE_FIRST_DRAW_YAKU = Message(
    "Only one of tenhou, chiihou and renhou can apply.",
    "천화, 지화, 인화 중 하나만 성립할 수 있습니다.",
)
NO_CLOSED_KAN_ROB = Message(
    "This ruleset lets no one rob a closed kan.",
    "이 룰에서는 안깡을 창깡할 수 없습니다.",
)
NOT_A_WINNING_HAND = Message(
    "This is not a winning hand: the tiles do not form four sets and a pair, seven pairs or kokushi.",
    "화료형이 아닙니다: 4몸통 1머리, 치또이츠, 국사무쌍 중 어느 것도 아닙니다.",
)
NO_YAKU = Message(
    "The hand has no yaku (dora alone do not make a win).",
    "역이 없습니다(도라만으로는 화료할 수 없습니다).",
)
WIN_TILE_NOT_CONCEALED = Message(
    "The winning tile is not among the concealed tiles.",
    "화료패가 멘젠 패에 없습니다.",
)
CANNOT_SCORE = Message(
    "The hand cannot be scored ({error}).",
    "이 손패는 점수를 계산할 수 없습니다({error}).",
)
KOKUSHI_ONLY_CLOSED_KAN = Message(
    "Only kokushi musou may rob a closed kan.",
    "안깡은 국사무쌍으로만 창깡할 수 있습니다.",
)
DEALER_MIN_HAN = Message(
    "From the dealer's {start}th renchan the dealer needs {need} han; this hand has {han}.",
    "{start}연장째부터 오야(친)는 {need}판 이상이어야 화료할 수 있습니다. 이 화료는 {han}판입니다.",
)
DEALER_MIN_HAN_NO_DORA = Message(
    "From the dealer's {start}th renchan the dealer needs {need} han (dora do not count); this hand has {han}.",
    "{start}연장째부터 오야(친)는 도라를 빼고 {need}판 이상이어야 화료할 수 있습니다. 이 화료는 {han}판입니다.",
)


# --- tenhou.net/6 logs (scoring/tenhou6/convert.py, scoring/tenhou6/hands.py) -------------------------
ROUND = Message("Round {round} honba {honba}", "{round}국 {honba}본장")
ROUND_AT = Message("{round} honba {honba}", "{round}국 {honba}본장")
TENHOU_ROUND_START = Message(
    "A Tenhou round must start with [kyoku, honba, sticks] and the scores.",
    "텐호 로그의 각 국은 [국, 본장, 공탁(리치봉)]과 점수로 시작해야 합니다.",
)
TENHOU_TILE = Message(
    "{tile} is not a Tenhou tile number.",
    "{tile}은(는) 텐호 패 번호가 아닙니다.",
)
TENHOU_DISCARD_AFTER_CALL = Message(
    "The log discards a drawn tile after a call.",
    "로그에서 울기 직후에 쯔모패를 버리고 있습니다.",
)
TENHOU_DISCARD_NOT_IN_HAND = Message(
    "The log discards {tile}, which is not in the hand.",
    "로그에서 손패에 없는 {tile}을(를) 버리고 있습니다.",
)
TENHOU_POINTS_UNREADABLE = Message(
    "{where}: cannot read the points string {text!r}.",
    "{where}: 점수 문자열 {text!r}을(를) 읽을 수 없습니다.",
)
TENHOU_YAKU_UNREADABLE = Message(
    "{where}: cannot read the yaku {entry!r}.",
    "{where}: 역 {entry!r}을(를) 읽을 수 없습니다.",
)
TENHOU_NO_POINTS = Message(
    "{where}: the win of seat {seat} has no points string.",
    "{where}: {seat}번 자리의 화료에 점수 문자열이 없습니다.",
)
TENHOU_HAN_MISMATCH = Message(
    "{where}: the yaku add up to {han} han but the string says {stated}.",
    "{where}: 역을 합치면 {han}판인데 점수 문자열에는 {stated}판으로 되어 있습니다.",
)
TENHOU_LIMIT_IMPOSSIBLE = Message(
    "{where}: {limit} with {han} han is impossible.",
    "{where}: {han}판으로 {limit}은(는) 있을 수 없습니다.",
)
TENHOU_PAYMENT_MISMATCH = Message(
    "{where}: seat {seat}'s win reads as {win} but the log pays {paid}.",
    "{where}: {seat}번 자리의 화료는 {win}로 읽히는데 로그의 지불은 {paid}입니다.",
)
TENHOU_MULTI_WIN = Message(
    "{where}: a multiple win must be rons on one discard.",
    "{where}: 더블론·트리플론은 한 버림패에 대한 론이어야 합니다.",
)
TENHOU_NAGASHI_PAYMENTS = Message(
    "{where}: the nagashi mangan payments {deltas} are not mangan tsumo payments.",
    "{where}: 유국만관 지불 {deltas}이(가) 만관 쯔모 지불과 맞지 않습니다.",
)
TENHOU_NO_RESULT = Message(
    "{where}: the round has no result.",
    "{where}: 국의 결과가 없습니다.",
)
TENHOU_UNKNOWN_RESULT = Message(
    "{where}: unknown result {kind!r}.",
    "{where}: 알 수 없는 결과 {kind!r}입니다.",
)
TENHOU_FINAL_POINTS = Message(
    "At the end ({at}): the final points {points} do not follow from the final scores {scores}; the uma and "
    "rounding could not be inferred from them.",
    "대국 끝({at}): 최종 포인트 {points}이(가) 최종 점수 {scores}에서 나오지 않습니다. 우마와 끝자리 처리를 "
    "추론할 수 없습니다.",
)
TENHOU_LAST_ROUND = Message("the last round", "마지막 국")
TENHOU_RED_FIVE = Message(
    "Round {at}: red five {tile} in a game whose rule {rule} has no red fives.",
    "{at}: 적5가 없는 룰({rule})의 대국에 적5 {tile}이(가) 있습니다.",
)
TENHOU_ROUNDS_DISAGREE = Message(
    "Round {at}: start {start} + deltas {deltas} - riichi {riichi} gives {scores} with {sticks} sticks, "
    "but the next round {next} starts with {next_scores} and {next_sticks} sticks.",
    "{at}: 시작 점수 {start} + 증감 {deltas} - 리치 {riichi} = {scores}, 공탁(리치봉) {sticks}개인데, "
    "다음 국 {next}은(는) {next_scores}, 공탁(리치봉) {next_sticks}개로 시작합니다.",
)
TENHOU_FINAL_SCORES = Message(
    "Round {at}: the game ends at {scores} (leftover sticks to first), but the log's final scores are {final}.",
    "{at}: 대국이 {scores}로 끝나는데(남은 공탁은 1위에게), 로그의 최종 점수는 {final}입니다.",
)
TENHOU_LOG_SHAPE = Message(
    "A tenhou.net/6 log is an object with a non-empty 'log' list of rounds.",
    "tenhou.net/6 로그는 국 목록 'log'가 비어 있지 않은 객체여야 합니다.",
)
TENHOU_LOG_START = Message(
    "The log starts at {at} with {sticks} sticks and scores {scores}; "
    "a game record must start at E1 honba 0 with {start_points} each.",
    "로그가 {at}, 공탁(리치봉) {sticks}개, 점수 {scores}에서 시작합니다. "
    "대국 기록은 동1국 0본장, 전원 {start_points}점에서 시작해야 합니다.",
)
TENHOU_RESULT_UNREADABLE = Message(
    "Unreadable tenhou result {text!r}.",
    "텐호 결과 {text!r}을(를) 읽을 수 없습니다.",
)
TENHOU_UNKNOWN_YAKU = Message(
    "Unknown tenhou yaku {name!r}.",
    "알 수 없는 텐호 역 {name!r}입니다.",
)
TENHOU_EAST_FROM_LOG = Message(
    "The log's rule {rule} does not say East-only or hanchan: the game ends in the East round with nobody "
    "below zero, which a hanchan cannot, so it was converted as East-only ({ruleset}).",
    "로그의 룰 {rule}에는 동풍전인지 반장전인지 나와 있지 않습니다: 아무도 0점 미만이 되지 않은 채 동장에서 "
    "끝났으므로(반장전이라면 남장으로 이어집니다) 동풍전({ruleset})으로 변환했습니다.",
)
TENHOU_NO_WEST_FROM_LOG = Message(
    "The log ends after {at} with nobody on {target:,}: under {ruleset} the game would go on into West, so it "
    "was converted with no West round (west_entry false).",
    "로그가 {at} 뒤에 아무도 {target:,}점에 닿지 않은 채 끝납니다: {ruleset} 룰이라면 서장으로 이어지므로 "
    "서입 없음(west_entry false)으로 변환했습니다.",
)
TENHOU_RECORD_REFUSED = Message(
    "Round {at}: the log plays this round, but under {ruleset} its record is refused: {error} The rule the log "
    "plays by here could not be inferred from the log; give --ruleset KEY with the room's rules.",
    "{at}: 로그는 이 국을 진행하지만 {ruleset} 룰로는 기록이 거부됩니다: {error} 이 국에서 로그가 따르는 룰을 "
    "로그에서 추론할 수 없습니다. --ruleset KEY로 방의 룰을 지정하세요.",
)
TENHOU_GAME_GOES_ON = Message(
    "The log ends after {at} with its final scores, but under {ruleset} the game would go on, so the record has "
    "no final result: how the game ended could not be inferred from the log.",
    "로그는 {at} 뒤에 최종 점수와 함께 끝나지만 {ruleset} 룰로는 대국이 이어지므로 기록에 최종 결과가 없습니다: "
    "대국이 어떻게 끝났는지 로그에서 추론할 수 없습니다.",
)
TENHOU_UNKNOWN_RULE = Message(
    "The log's rule {rule} names no Tenhou or Mahjong Soul room: converted under {ruleset} "
    "(Tenhou's rules); give --ruleset KEY to choose another.",
    "로그의 룰 {rule}은(는) 텐호나 작혼(마작일번가)의 방이 아닙니다: 텐호 룰 {ruleset}(으)로 변환했습니다. "
    "다른 룰은 --ruleset KEY로 지정하세요.",
)
TENHOU_RULESET_SEATS = Message(
    "The ruleset {key} is for {players} players, but the log is a {seats}-player game.",
    "룰 {key}은(는) {players}인용인데 로그는 {seats}인 대국입니다.",
)
REPLAY_TILE_NOT_IN_HAND = Message(
    "Log replay: tile {code} not in hand {hand}.",
    "로그 재생: 패 {code}이(가) 손패 {hand}에 없습니다.",
)
REPLAY_TSUMO_NOT_LAST = Message(
    "Log replay: the tsumo winner did not draw last.",
    "로그 재생: 쯔모 화료자가 마지막으로 패를 뽑지 않았습니다.",
)
REPLAY_RON_NOT_LAST = Message(
    "Log replay: the ron was not on the loser's last discard or kan.",
    "로그 재생: 론이 방총자의 마지막 버림패나 깡에 대한 것이 아닙니다.",
)

# --- the command line (scoring/__main__.py) ---------------------------------------------------
CLI_CANNOT_READ = Message(
    "Cannot read {path}: {reason}.",
    "{path}을(를) 읽을 수 없습니다: {reason}.",
)
CLI_NOT_JSON = Message(
    "The input is not valid JSON (line {line}, column {column}: {reason}).",
    "입력이 올바른 JSON이 아닙니다({line}행 {column}열: {reason}).",
)
CLI_RULESET_ARGUMENT = Message(
    "--ruleset takes a preset key, a JSON object {{\"base\": KEY, \"overrides\": {{...}}}} or @FILE; "
    "{value!r} is none of these.",
    "--ruleset에는 규정 키, JSON 객체 {{\"base\": 키, \"overrides\": {{...}}}} 또는 @파일을 씁니다. "
    "{value!r}은(는) 그 어느 것도 아닙니다.",
)


_keys()
