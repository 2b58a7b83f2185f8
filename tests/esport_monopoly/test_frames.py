"""The decision frames made at most decisions (auction, payment, menu, deal) are plain records
rather than frozen dataclasses, for speed: they read, compare, show and turn into JSON as the
dataclasses did."""

from __future__ import annotations

import copy
import pickle

from tycoon.core.views import to_jsonable
from tycoon.games.esport_monopoly.state import Auction, Deal, Manage, Pay, Record


def test_records_read_compare_and_show_as_dataclasses_did() -> None:
    pay = Pay(0, 1, 100)
    assert (pay.payer, pay.payee, pay.amount, pay.square) == (0, 1, 100, -1)
    assert pay == Pay(0, 1, 100, -1) and pay != Pay(0, 1, 100, 5)
    assert hash(pay) == hash(Pay(0, 1, 100, -1))
    assert repr(pay) == "Pay(payer=0, payee=1, amount=100, square=-1)"
    assert Manage(2) != Pay(2, 0, 0) and Manage(2) != (2,)
    auction = Auction(lot=3, high=10, leader=1, order=(0, 1), at=0)
    assert repr(auction) == (
        "Auction(lot=3, high=10, leader=1, order=(0, 1), at=0, building=0, requester=-1, "
        "rivals=False)"
    )
    deal = Deal(0, 2, give=(1,), cash=-5)
    assert deal == Deal(0, 2, (1,), (), -5, 0, 0, False)
    assert {deal: 1}[Deal(0, 2, (1,), (), -5)] == 1


def test_records_turn_into_the_same_json_and_copy() -> None:
    deal = Deal(0, 2, give=(1, 3), take=(6,), cash=40, sent=True)
    assert to_jsonable(deal) == {
        "proposer": 0,
        "partner": 2,
        "give": [1, 3],
        "take": [6],
        "cash": 40,
        "give_cards": 0,
        "take_cards": 0,
        "sent": True,
    }
    assert to_jsonable(Manage(1)) == {"seat": 1}
    for frame in (deal, Pay(1, -1, 50, 4), Manage(3), Auction(5, 0, -1, (0, 1, 2), 1, 1, 0)):
        assert isinstance(frame, Record)
        assert pickle.loads(pickle.dumps(frame)) == frame
        assert copy.deepcopy(frame) == frame
