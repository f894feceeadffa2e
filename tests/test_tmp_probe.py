from test_pages import *

def test_probe_remove(store_path):
    doc = created(["Anna", "Ben"])
    trucks = cb.cards(Transport.TRUCK)
    for order in trucks[:3]:
        doc = cb.deliver(doc, 1, "Anna", order)
    game_id = put(store_path, doc)
    at = app(SHIFT_PAGE, "en", game_id)
    # another phone removes Anna's first order
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.remove_order(d, 1, "Anna", 0), {"key": "change.remove"})
    # this phone still shows [t0, t1, t2] and taps ✕ on t1
    at.button(key="shift_remove_Anna_1").click().run()
    print("EXC", at.exception, [e.value for e in at.error])
    print("LEFT", stored(store_path, game_id)["current_shift"]["Anna"], [t.to_dict() for t in trucks[:3]])

def test_probe_end(store_path):
    names = ["Anna", "Ben"]
    game_id = put(store_path, shift_three_scored(names))
    at = app(ui.page_path("coal_baron", "end"), "en", game_id)
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.set_end(d, "Anna", dict.fromkeys(END_FIELDS, 9), None), {"key": "change.end"})
    at.number_input(key="end_Anna_money").set_value(5)
    at.button[0].click() if False else None
    print([b.label for b in at.button], [type(b).__name__ for b in at.button])
    at.button[0].click().run()
    print("EXC", at.exception, [e.value for e in at.error])
    d = stored(store_path, game_id)
    print("END", d.get("end"), d.get("end_draft"))
