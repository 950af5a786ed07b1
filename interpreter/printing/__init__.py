"""Cards for people: print-and-play sheets (`importexport print`), the same faces as images for
Tabletop Simulator (`importexport export tts`). Needs the optional extra `print` (ReportLab draws the
faces with an embedded font; pypdfium2 turns pages into images)."""
