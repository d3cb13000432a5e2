"""Yaku ids of the contract, their display names, and the library's yaku classes.

Korean names are the ones Korean riichi clubs say at the table (transliterations of
the Japanese terms, as in the club rulebooks), not literal translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scoring.messages.render import language

# id -> (ko, en, ja, zh-hans, zh-hant)
_NAMES: dict[str, tuple[str, str, str, str, str]] = {
    "riichi": ("리치", "Riichi", "立直", "立直", "立直"),
    "double_riichi": ("더블 리치", "Double riichi", "両立直", "两立直", "兩立直"),
    "ippatsu": ("일발", "Ippatsu", "一発", "一发", "一發"),
    "menzen_tsumo": ("멘젠쯔모", "Menzen tsumo", "門前清自摸和", "门前清自摸和", "門前清自摸和"),
    "pinfu": ("핑후", "Pinfu", "平和", "平和", "平和"),
    "tanyao": ("탕야오", "Tanyao", "断幺九", "断幺九", "斷幺九"),
    "iipeikou": ("이페코", "Iipeikou", "一盃口", "一杯口", "一杯口"),
    "haku": ("역패 백", "Yakuhai: white dragon", "役牌 白", "役牌 白", "役牌 白"),
    "hatsu": ("역패 발", "Yakuhai: green dragon", "役牌 發", "役牌 发", "役牌 發"),
    "chun": ("역패 중", "Yakuhai: red dragon", "役牌 中", "役牌 中", "役牌 中"),
    "seat_wind": ("자풍패", "Seat wind", "自風牌", "自风牌", "自風牌"),
    "round_wind": ("장풍패", "Round wind", "場風牌", "场风牌", "場風牌"),
    "rinshan": ("영상개화", "Rinshan kaihou", "嶺上開花", "岭上开花", "嶺上開花"),
    "chankan": ("창깡", "Chankan", "槍槓", "抢杠", "搶槓"),
    "haitei": ("해저로월", "Haitei raoyue", "海底摸月", "海底摸月", "海底摸月"),
    "houtei": ("하저로어", "Houtei raoyui", "河底撈魚", "河底捞鱼", "河底撈魚"),
    "sanankou": ("산안커", "Sanankou", "三暗刻", "三暗刻", "三暗刻"),
    "sankantsu": ("산깡쯔", "Sankantsu", "三槓子", "三杠子", "三槓子"),
    "toitoi": ("또이또이", "Toitoi", "対々和", "对对和", "對對和"),
    "chiitoitsu": ("치또이쯔", "Chiitoitsu", "七対子", "七对子", "七對子"),
    "honroutou": ("혼노두", "Honroutou", "混老頭", "混老头", "混老頭"),
    "shousangen": ("소삼원", "Shousangen", "小三元", "小三元", "小三元"),
    "sanshoku": ("삼색동순", "Sanshoku doujun", "三色同順", "三色同顺", "三色同順"),
    "sanshoku_doukou": ("삼색동각", "Sanshoku doukou", "三色同刻", "三色同刻", "三色同刻"),
    "ittsu": ("일기통관", "Ittsu", "一気通貫", "一气通贯", "一氣通貫"),
    "chanta": ("찬타", "Chanta", "混全帯幺九", "混全带幺九", "混全帶幺九"),
    "ryanpeikou": ("량페코", "Ryanpeikou", "二盃口", "二杯口", "二杯口"),
    "honitsu": ("혼일색", "Honitsu", "混一色", "混一色", "混一色"),
    "junchan": ("준찬타", "Junchan", "純全帯幺九", "纯全带幺九", "純全帶幺九"),
    "chinitsu": ("청일색", "Chinitsu", "清一色", "清一色", "清一色"),
    "dora": ("도라", "Dora", "ドラ", "宝牌", "寶牌"),
    "ura_dora": ("뒷도라", "Ura dora", "裏ドラ", "里宝牌", "裡寶牌"),
    "aka_dora": ("적도라", "Red fives", "赤ドラ", "赤宝牌", "赤寶牌"),
    "flower_dora": ("꽃패", "Flowers", "花牌", "花牌", "花牌"),
    "kita": ("북도라", "Kita (North dora)", "抜きドラ", "拔北宝牌", "拔北寶牌"),
    "kokushi": ("국사무쌍", "Kokushi musou", "国士無双", "国士无双", "國士無雙"),
    "kokushi_13": (
        "국사무쌍 13면 대기", "Kokushi musou, 13-sided wait", "国士無双十三面待ち", "国士无双十三面", "國士無雙十三面"
    ),
    "suuankou": ("스안커", "Suuankou", "四暗刻", "四暗刻", "四暗刻"),
    "suuankou_tanki": ("스안커 단기", "Suuankou tanki", "四暗刻単騎", "四暗刻单骑", "四暗刻單騎"),
    "daisangen": ("대삼원", "Daisangen", "大三元", "大三元", "大三元"),
    "shousuushii": ("소사희", "Shousuushii", "小四喜", "小四喜", "小四喜"),
    "daisuushii": ("대사희", "Daisuushii", "大四喜", "大四喜", "大四喜"),
    "tsuuiisou": ("자일색", "Tsuuiisou", "字一色", "字一色", "字一色"),
    "ryuuiisou": ("녹일색", "Ryuuiisou", "緑一色", "绿一色", "綠一色"),
    "chinroutou": ("청노두", "Chinroutou", "清老頭", "清老头", "清老頭"),
    "chuuren": ("구련보등", "Chuuren poutou", "九蓮宝燈", "九莲宝灯", "九蓮寶燈"),
    "junsei_chuuren": ("순정구련보등", "Junsei chuuren poutou", "純正九蓮宝燈", "纯正九莲宝灯", "純正九蓮寶燈"),
    "suukantsu": ("스깡쯔", "Suukantsu", "四槓子", "四杠子", "四槓子"),
    "tenhou": ("천화", "Tenhou", "天和", "天和", "天和"),
    "chiihou": ("지화", "Chiihou", "地和", "地和", "地和"),
    "renhou": ("인화", "Renhou", "人和", "人和", "人和"),
    "daisharin": ("대차륜", "Daisharin", "大車輪", "大车轮", "大車輪"),
    "daisuurin": ("대수린", "Daisuurin", "大数隣", "大数邻", "大數鄰"),
    "daichikurin": ("대죽림", "Daichikurin", "大竹林", "大竹林", "大竹林"),
    "paarenchan": ("팔연장", "Paarenchan", "八連荘", "八连庄", "八連莊"),
}

_LANGUAGES = ("ko", "en", "ja", "zh-hans", "zh-hant")

YAKU_NAMES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {k: MappingProxyType(dict(zip(_LANGUAGES, names, strict=True))) for k, names in _NAMES.items()}
)
"""Contract yaku id -> {"ko", "en", "ja", "zh-hans", "zh-hant"} display names."""

YAKU_IDS: tuple[str, ...] = tuple(_NAMES)
"""Every contract yaku id, in the contract's order."""

COUNTED_YAKU: frozenset[str] = frozenset({"dora", "ura_dora", "aka_dora", "flower_dora", "kita"})
"""Dora-like ids whose count is worth saying ("도라 2"); other yaku are named only."""


def _lang(lang: str | None) -> str:
    """"ko-kr", "en_GB", "zh-tw", None -> "ko", "en", "zh-hant", "ko" (the club's pages are Korean first);
    a language with no names -> "en"."""
    return language(lang) if lang else "ko"


def yaku_name(yaku_id: str, lang: str | None) -> str:
    """A yaku's name in the page's language ("ko", "en", "ja", "zh-hans", "zh-hant", or a code that reads as
    one of them; English for another language); an unknown id as it is."""
    names = YAKU_NAMES.get(yaku_id)
    if not names:
        return str(yaku_id)
    return names[_lang(lang)]


def yaku_label(yaku_id: str, han: int | None, lang: str | None) -> str:
    """A yaku as a results line names it: its name, with the count of a dora-like yaku
    above one ("도라 2"; a single dora is named only)."""
    name = yaku_name(yaku_id, lang)
    return f"{name} {han}" if yaku_id in COUNTED_YAKU and han and han > 1 else name

# The library's yaku class name -> contract id. Seat/round wind classes all map to one id.
LIBRARY_CLASS_TO_ID: Mapping[str, str] = MappingProxyType(
    {
        "Riichi": "riichi",
        "DaburuRiichi": "double_riichi",
        "Ippatsu": "ippatsu",
        "Tsumo": "menzen_tsumo",
        "Pinfu": "pinfu",
        "Tanyao": "tanyao",
        "Iipeiko": "iipeikou",
        "Haku": "haku",
        "Hatsu": "hatsu",
        "Chun": "chun",
        "SeatWindEast": "seat_wind",
        "SeatWindSouth": "seat_wind",
        "SeatWindWest": "seat_wind",
        "SeatWindNorth": "seat_wind",
        "RoundWindEast": "round_wind",
        "RoundWindSouth": "round_wind",
        "RoundWindWest": "round_wind",
        "RoundWindNorth": "round_wind",
        "Rinshan": "rinshan",
        "Chankan": "chankan",
        "Haitei": "haitei",
        "Houtei": "houtei",
        "Sanankou": "sanankou",
        "SanKantsu": "sankantsu",
        "Toitoi": "toitoi",
        "Chiitoitsu": "chiitoitsu",
        "Honroto": "honroutou",
        "Shosangen": "shousangen",
        "Sanshoku": "sanshoku",
        "SanshokuDoukou": "sanshoku_doukou",
        "Ittsu": "ittsu",
        "Chantai": "chanta",
        "Ryanpeikou": "ryanpeikou",
        "Honitsu": "honitsu",
        "Junchan": "junchan",
        "Chinitsu": "chinitsu",
        "Renhou": "renhou",
        "KokushiMusou": "kokushi",
        "DaburuKokushiMusou": "kokushi_13",
        "Suuankou": "suuankou",
        "SuuankouTanki": "suuankou_tanki",
        "Daisangen": "daisangen",
        "Shousuushii": "shousuushii",
        "DaiSuushii": "daisuushii",
        "Tsuuiisou": "tsuuiisou",
        "Ryuuiisou": "ryuuiisou",
        "Chinroutou": "chinroutou",
        "ChuurenPoutou": "chuuren",
        "DaburuChuurenPoutou": "junsei_chuuren",
        "SuuKantsu": "suukantsu",
        "Suukantsu": "suukantsu",
        "Tenhou": "tenhou",
        "Chiihou": "chiihou",
        "RenhouYakuman": "renhou",
        "Paarenchan": "paarenchan",
    }
)

# The library renames its one Daisharin yaku by suit.
DAISHARIN_NAME_TO_ID: Mapping[str, str] = MappingProxyType(
    {"Daisharin": "daisharin", "Daisuurin": "daisuurin", "Daichikurin": "daichikurin"}
)

# Library yaku that are dora counts; we drop them and count dora ourselves.
LIBRARY_DORA_CLASSES: frozenset[str] = frozenset({"Dora", "AkaDora", "UraDora"})
