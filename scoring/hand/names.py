"""Yaku ids of the contract, their display names, and the library's yaku classes.

Korean names are the ones Korean riichi clubs say at the table (transliterations of
the Japanese terms, as in the club rulebooks), not literal translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# id -> (ko, en, ja)
_NAMES: dict[str, tuple[str, str, str]] = {
    "riichi": ("리치", "Riichi", "立直"),
    "double_riichi": ("더블 리치", "Double riichi", "両立直"),
    "ippatsu": ("일발", "Ippatsu", "一発"),
    "menzen_tsumo": ("멘젠쯔모", "Menzen tsumo", "門前清自摸和"),
    "pinfu": ("핑후", "Pinfu", "平和"),
    "tanyao": ("탕야오", "Tanyao", "断幺九"),
    "iipeikou": ("이페코", "Iipeikou", "一盃口"),
    "haku": ("역패 백", "Yakuhai: white dragon", "役牌 白"),
    "hatsu": ("역패 발", "Yakuhai: green dragon", "役牌 發"),
    "chun": ("역패 중", "Yakuhai: red dragon", "役牌 中"),
    "seat_wind": ("자풍패", "Seat wind", "自風牌"),
    "round_wind": ("장풍패", "Round wind", "場風牌"),
    "rinshan": ("영상개화", "Rinshan kaihou", "嶺上開花"),
    "chankan": ("창깡", "Chankan", "槍槓"),
    "haitei": ("해저로월", "Haitei raoyue", "海底摸月"),
    "houtei": ("하저로어", "Houtei raoyui", "河底撈魚"),
    "sanankou": ("산안커", "Sanankou", "三暗刻"),
    "sankantsu": ("산깡쯔", "Sankantsu", "三槓子"),
    "toitoi": ("또이또이", "Toitoi", "対々和"),
    "chiitoitsu": ("치또이쯔", "Chiitoitsu", "七対子"),
    "honroutou": ("혼노두", "Honroutou", "混老頭"),
    "shousangen": ("소삼원", "Shousangen", "小三元"),
    "sanshoku": ("삼색동순", "Sanshoku doujun", "三色同順"),
    "sanshoku_doukou": ("삼색동각", "Sanshoku doukou", "三色同刻"),
    "ittsu": ("일기통관", "Ittsu", "一気通貫"),
    "chanta": ("찬타", "Chanta", "混全帯幺九"),
    "ryanpeikou": ("량페코", "Ryanpeikou", "二盃口"),
    "honitsu": ("혼일색", "Honitsu", "混一色"),
    "junchan": ("준찬타", "Junchan", "純全帯幺九"),
    "chinitsu": ("청일색", "Chinitsu", "清一色"),
    "dora": ("도라", "Dora", "ドラ"),
    "ura_dora": ("뒷도라", "Ura dora", "裏ドラ"),
    "aka_dora": ("적도라", "Red fives", "赤ドラ"),
    "flower_dora": ("꽃패", "Flowers", "花牌"),
    "kita": ("북도라", "Kita (North dora)", "抜きドラ"),
    "kokushi": ("국사무쌍", "Kokushi musou", "国士無双"),
    "kokushi_13": ("국사무쌍 13면 대기", "Kokushi musou, 13-sided wait", "国士無双十三面待ち"),
    "suuankou": ("스안커", "Suuankou", "四暗刻"),
    "suuankou_tanki": ("스안커 단기", "Suuankou tanki", "四暗刻単騎"),
    "daisangen": ("대삼원", "Daisangen", "大三元"),
    "shousuushii": ("소사희", "Shousuushii", "小四喜"),
    "daisuushii": ("대사희", "Daisuushii", "大四喜"),
    "tsuuiisou": ("자일색", "Tsuuiisou", "字一色"),
    "ryuuiisou": ("녹일색", "Ryuuiisou", "緑一色"),
    "chinroutou": ("청노두", "Chinroutou", "清老頭"),
    "chuuren": ("구련보등", "Chuuren poutou", "九蓮宝燈"),
    "junsei_chuuren": ("순정구련보등", "Junsei chuuren poutou", "純正九蓮宝燈"),
    "suukantsu": ("스깡쯔", "Suukantsu", "四槓子"),
    "tenhou": ("천화", "Tenhou", "天和"),
    "chiihou": ("지화", "Chiihou", "地和"),
    "renhou": ("인화", "Renhou", "人和"),
    "daisharin": ("대차륜", "Daisharin", "大車輪"),
    "daisuurin": ("대수린", "Daisuurin", "大数隣"),
    "daichikurin": ("대죽림", "Daichikurin", "大竹林"),
    "paarenchan": ("팔연장", "Paarenchan", "八連荘"),
}

YAKU_NAMES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {k: MappingProxyType({"ko": ko, "en": en, "ja": ja}) for k, (ko, en, ja) in _NAMES.items()}
)
"""Contract yaku id -> {"ko", "en", "ja"} display names."""

YAKU_IDS: tuple[str, ...] = tuple(_NAMES)
"""Every contract yaku id, in the contract's order."""

COUNTED_YAKU: frozenset[str] = frozenset({"dora", "ura_dora", "aka_dora", "flower_dora", "kita"})
"""Dora-like ids whose count is worth saying ("도라 2"); other yaku are named only."""


def _lang(lang: str | None) -> str:
    """"ko-kr", "en_GB", None -> "ko", "en", "ko" (the club's pages are Korean first)."""
    return (lang or "ko")[:2].lower()


def yaku_name(yaku_id: str, lang: str | None) -> str:
    """A yaku's name in the page's language ("ko", "en", "ja"; English when it has no such
    name); an unknown id as it is."""
    names = YAKU_NAMES.get(yaku_id)
    if not names:
        return str(yaku_id)
    return names.get(_lang(lang)) or names["en"]


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
