"""Prints what has the focus in the Cairn window as a new AT-SPI client reads it (no cache of
earlier answers, unlike a screen reader running all along): role, name and description of each
focused node (the grid and its active cell are both focused) and the states a screen reader
decides by (selectable, selected, editable), for `screen-reader-speech.mjs`.
Usage: atspi-focus.py"""
import pyatspi

seen = [0]
MARKS = [("selectable", pyatspi.STATE_SELECTABLE), ("selected", pyatspi.STATE_SELECTED),
         ("editable", pyatspi.STATE_EDITABLE)]


def walk(node, depth, inside, found):
    """Collects the focused nodes inside the web page (the page and the view holding it are
    focused too: left out); below the page, hidden subtrees are not entered."""
    if node is None or depth > 60 or seen[0] > 20000:
        return
    seen[0] += 1
    try:
        states = node.getState()
        role = node.getRoleName()
        if inside and states.contains(pyatspi.STATE_FOCUSED):
            desc = node.description
            marks = [name for name, state in MARKS if states.contains(state)]
            found.append(f"{role} \"{node.name}\"" + (f" desc=\"{desc}\"" if desc else "")
                         + (f" [{' '.join(marks)}]" if marks else ""))
        if inside and not states.contains(pyatspi.STATE_SHOWING):
            return
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1, inside or role == "document web", found)
    except Exception:
        return


desktop = pyatspi.Registry.getDesktop(0)
for i in range(desktop.childCount):
    app = desktop.getChildAtIndex(i)
    if app is None or app.name != "cairn-app":
        continue
    found = []
    walk(app, 0, False, found)
    print(" / ".join(found) if found else "nothing focused")
    break
else:
    print("no cairn-app on the bus")
