"""The rules of French Tarot scoring: pure Python, standard library only."""

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.game import DealKind, DealRecord, DealTurn, GameRecord, GameStatus
from scorepad.domain.model import (
    CONTRACTS,
    POIGNEE_THRESHOLDS,
    POINTS_NEEDED,
    Contract,
    DealInput,
    DealWarning,
    Poignee,
    PoigneeSize,
    Role,
    ScoredDeal,
    Side,
    Step,
)
from scorepad.domain.parsing import loads_deal, parse_deal
from scorepad.domain.render import explain_text, scored_to_dict, step_label
from scorepad.domain.rules import FFT_RULES, RuleSet
from scorepad.domain.scoring import score_deal
from scorepad.domain.table import Table
from scorepad.domain.validation import validate

__all__ = [
    "CONTRACTS",
    "FFT_RULES",
    "POIGNEE_THRESHOLDS",
    "POINTS_NEEDED",
    "Contract",
    "DealInput",
    "DealKind",
    "DealRecord",
    "DealTurn",
    "DealWarning",
    "GameRecord",
    "GameStatus",
    "InvalidDeal",
    "Poignee",
    "PoigneeSize",
    "Role",
    "RuleSet",
    "ScoredDeal",
    "Side",
    "Step",
    "Table",
    "explain_text",
    "loads_deal",
    "parse_deal",
    "score_deal",
    "scored_to_dict",
    "step_label",
    "validate",
]
