#!/usr/bin/python3
"""Runs the system's Orca (Debian 12: orca 43) for recording what it would speak, for
`screen-reader-speech.mjs`: its debug log written line by line to a file (Orca's own
`--debug-file` is block-buffered, so the lines of a step would come late or not at all), and its
speech sent to no synthesizer (speech-dispatcher hangs without a sound device; Orca logs every
"SPEECH OUTPUT" line before handing the text to its speech server, so the log is the same).
Usage: orca-speech.py LOGFILE [ORCA OPTIONS...]"""

import runpy
import sys

from orca import debug, speech, speechserver

log, orca_args = sys.argv[1], sys.argv[2:]
debug.debugLevel = debug.LEVEL_INFO
debug.eventDebugLevel = debug.LEVEL_OFF
debug.debugFile = open(log, "w", buffering=1)


class Silent(speechserver.SpeechServer):
    """A speech server that says nothing."""

    def getInfo(self):
        return ["Silent", "silent"]


def init():
    debug.println(debug.LEVEL_INFO, "SPEECH: a silent server (recording only)", True)
    speech._speechserver = Silent()


speech.init = init
sys.argv = ["orca"] + orca_args
runpy.run_path("/usr/bin/orca", run_name="__main__")
