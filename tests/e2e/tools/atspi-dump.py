"""Dumps the AT-SPI tree of the Cairn window below the first node of a role ("*": any) whose name
holds a text ("*": any), as a screen reader gets it: role, name, description, states, and the
object attributes of interest (ARIA role, level, position, size, row and column indexes).
Usage: atspi-dump.py ROLE NAME [DEPTH] [LIMIT]"""
import sys
import pyatspi

want_role, want_name, depth_max = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 6
limit = int(sys.argv[4]) if len(sys.argv) > 4 else 60
STATES = {pyatspi.STATE_FOCUSED: "focused", pyatspi.STATE_SELECTED: "selected", pyatspi.STATE_EXPANDED: "expanded",
          pyatspi.STATE_EXPANDABLE: "expandable", pyatspi.STATE_FOCUSABLE: "focusable", pyatspi.STATE_INVALID_ENTRY: "invalid",
          pyatspi.STATE_MODAL: "modal", pyatspi.STATE_ACTIVE: "active"}
printed = [0]

def attrs(node):
    try:
        a = dict(x.split(":", 1) for x in node.getAttributes())
    except Exception:
        return ""
    keep = {k: v for k, v in a.items() if k in ("level", "posinset", "setsize", "xml-roles", "rowindex", "colindex", "rowcount", "colcount", "live", "haspopup", "lang")}
    return " ".join(f"{k}={v}" for k, v in keep.items())

def line(node, depth):
    states = node.getState()
    st = [n for s, n in STATES.items() if states.contains(s)]
    desc = node.description
    return f"{'  ' * depth}{node.getRoleName()} \"{node.name}\"" + (f" desc=\"{desc}\"" if desc else "") + (f" [{', '.join(st)}]" if st else "") + (f" {{{attrs(node)}}}" if attrs(node) else "")

def walk(node, depth):
    if printed[0] >= limit or depth > depth_max:
        return
    print(line(node, depth))
    printed[0] += 1
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            walk(child, depth + 1)

def find(node, d=0):
    if node is None or d > 60:
        return None
    try:
        if want_role in ("*", node.getRoleName()) and (want_name == "*" or want_name in (node.name or "")):
            return node
        for i in range(node.childCount):
            f = find(node.getChildAtIndex(i), d + 1)
            if f is not None:
                return f
    except Exception:
        return None
    return None

desktop = pyatspi.Registry.getDesktop(0)
apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
print("applications:", [a.name for a in apps if a is not None])
for app in apps:
    if app is None:
        continue
    hit = find(app)
    if hit is not None:
        walk(hit, 0)
        break
else:
    print(f"no {want_role} named {want_name}")
