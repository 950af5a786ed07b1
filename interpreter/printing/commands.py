"""The commands `importexport print` and `importexport export tts`: their arguments and their work.
cli.py adds them to its parser and calls `run_print` / `run_export`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from interpreter.cards.catalog import expansions_text
from interpreter.engine.options import GameOptions, OptionError, parse_option
from interpreter.outputs import write_atomically
from interpreter.printing.faces import PrintError, choose_cards, print_set

NEEDS_EXTRA = "needs the optional extra `print` ({missing} is missing): pip install -e '.[print]'"


class CommandError(Exception):
    """A bad value or a file that cannot be written; one line, said as it is."""


def add_card_choice(p: argparse.ArgumentParser) -> None:
    p.add_argument("--expansions", type=expansions_text, default="none", help="none (default), all, or a list such as jutaku,captain")
    p.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH",
                   help="a mod pack (folder or file) applied to the cards; may be repeated, applied in order")
    p.add_argument("--cards", metavar="ID,ID", help="only these cards (one copy each), without the ship, harbor and island "
                                                   "cards and the rules summary: for a few new cards")


def add_parsers(sub: Any, whole: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """`print` and `export tts` on the CLI's subcommand parser; `whole` is the CLI's number checker,
    `parser_class` its parser (bad input in one line)."""
    pr = sub.add_parser("print", help="print-and-play PDF: poker-size cards, 9 to a page, crop marks, backs, rules summary")
    add_card_choice(pr)
    pr.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, printed in the rules summary (see `importexport options`); may be repeated")
    pr.add_argument("--paper", default="a4", choices=("a4", "letter"), help="page size (default a4)")
    pr.add_argument("--out", type=Path, required=True, help="the PDF file to write, e.g. deck.pdf")
    pr.add_argument("--no-backs", action="store_true", help="leave out the pages of card backs (for one-sided printing)")
    pr.add_argument("--png", type=Path, metavar="DIR", help="also write one PNG image per card face (and back.png) into DIR")
    pr.add_argument("--dpi", type=whole(72, 1200), default=300, help="resolution of the --png images (default 300)")

    ex = sub.add_parser("export", help="export the cards for other tools: tts (a Tabletop Simulator saved object)")
    ex_sub = ex.add_subparsers(dest="export_format", metavar="FORMAT", parser_class=parser_class)
    tts = ex_sub.add_parser("tts", help="a Tabletop Simulator saved object: deck sheets, a back, ship and harbor cards")
    add_card_choice(tts)
    tts.add_argument("--out", type=Path, required=True, help="the folder to write the saved object and its images into")
    tts.add_argument("--name", type=object_name, default="Import Export",
                     help="the saved object's name (its file name in --out: no `/`, `\\` or leading `.`; default `Import Export`)")
    tts.add_argument("--image-url", metavar="URL",
                     help="where the images will be put online, e.g. https://example.org/deck/ (default: file URLs of the "
                          "images in --out, which Tabletop Simulator reads on this computer)")
    tts.add_argument("--card-width", type=whole(60, 800), default=400,
                     help="pixels across one card in the sheet images (default 400: a sheet of 10 is 4000 pixels wide)")


def parse_options(texts: list[str]) -> GameOptions:
    options = GameOptions()
    for text in texts:
        try:
            options = parse_option(text, options)
        except OptionError as exc:
            raise CommandError(f"--option: {exc}") from None
    return options


def _print_set(args: argparse.Namespace, options: GameOptions) -> Any:
    for path in args.mod:
        if not path.exists():
            raise CommandError(f"--mod: no such file or folder: {path}")
    try:
        cards, origin = choose_cards(args.expansions, args.mod)
        return print_set(cards, origin, args.expansions, options, args.cards.split(",") if args.cards is not None else None)
    except (PrintError, ValueError) as exc:
        raise CommandError(str(exc) if str(exc).startswith("--") else f"--expansions: {exc}") from None


def _check_out(path: Path, what: str) -> None:
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise CommandError(f"{what}: {path} is a folder; give a file name such as deck.pdf")
    if not parent.is_dir():
        raise CommandError(f"{what}: the folder {parent} does not exist")


def _folder(path: Path, what: str) -> None:
    if path.exists() and not path.is_dir():
        raise CommandError(f"{what}: {path} is a file; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"{what}: cannot make the folder {path}: {exc.strerror or exc}") from None


def _warn(line: str) -> None:
    print(f"warning: {line}", file=sys.stderr, flush=True)


def run_print(args: argparse.Namespace) -> int:
    try:
        # optional dependency: reportlab (the `print` extra); without it the command says what to install
        from interpreter.printing.sheets import write_sheets
    except ImportError as exc:
        raise CommandError("importexport print " + NEEDS_EXTRA.format(missing=exc.name)) from None
    options = parse_options(args.option)
    _check_out(args.out, "--out")
    if args.png is not None:
        _folder(args.png, "--png")
    ps = _print_set(args, options)
    pdf, report = write_sheets(ps, args.paper, backs=not args.no_backs, summary=args.cards is None, warn=_warn)
    try:
        write_atomically(args.out, pdf)
    except OSError as exc:
        raise CommandError(f"--out: cannot write {args.out}: {exc.strerror or exc}") from None
    print(f"Wrote {args.out}: {len(ps.goods)} good card{'s' if len(ps.goods) != 1 else ''} and {len(ps.components)} other cards on {report.pages} "
          f"{args.paper.upper()} pages" + ("" if args.no_backs else " (each page of faces followed by its backs)")
          + (", the rules summary last" if report.summary_page else ""))
    if args.png is not None:
        written = write_pngs(ps, args.png, args.dpi)
        print(f"Wrote {written} PNG images ({args.dpi} dpi) into {args.png}")
    if report.warnings:
        print(f"{len(report.warnings)} warning(s) above: the text named is hard to read or does not fit", file=sys.stderr)
    return 0


def write_pngs(ps: Any, folder: Path, dpi: int) -> int:
    """One image per distinct face (copies share it), named by the face's key, and back.png."""
    # optional dependency: pypdfium2, pillow and reportlab (the `print` extra), which only the PNG images need
    from interpreter.printing.raster import page_images, png_bytes
    from interpreter.printing.sheets import single_cards
    distinct = list({f.key: f for f in ps.faces()}.values())
    pdf, _ = single_cards(distinct)
    names = [f"{f.key}.png" for f in distinct] + ["back.png"]
    for name, image in zip(names, page_images(pdf, dpi=dpi), strict=True):
        write_atomically(folder / name, png_bytes(image))
    return len(names)


def object_name(text: str) -> str:
    """A saved object's name, which is also its file name in --out: one plain file name, never a path
    (`../x` wrote outside --out), a hidden file (`` wrote `.json`) or a folder that is not there."""
    name = text.strip()
    if not name or len(name) > 100:
        raise argparse.ArgumentTypeError(f"must be a name of 1 to 100 characters; got `{text[:40]}`")
    if "/" in name or "\\" in name or name.startswith(".") or not name.isprintable():
        raise argparse.ArgumentTypeError(f"must be a plain file name (no `/`, `\\`, leading `.` or control characters); got `{name[:40]}`")
    return name


def run_export(args: argparse.Namespace) -> int:
    if args.export_format != "tts":
        raise CommandError("importexport export: choose a format: tts (see `importexport export --help`)")
    try:
        # optional dependency: reportlab, pypdfium2 (the `print` extra); without them the command says what to install
        from interpreter.printing.tts import write_tts
    except ImportError as exc:
        raise CommandError("importexport export tts " + NEEDS_EXTRA.format(missing=exc.name)) from None
    _folder(args.out, "--out")
    if args.image_url is not None and not args.image_url.startswith(("http://", "https://")):
        raise CommandError(f"--image-url must start with http:// or https://; got `{args.image_url[:60]}`")
    ps = _print_set(args, GameOptions())
    result = write_tts(ps, args.out, args.name, args.image_url, args.card_width)
    print(f"Wrote {result.saved_object}: {result.cards} cards on {result.sheets} sheet image(s), a back image, "
          f"and {result.components} ship, harbor and island cards.")
    print(f"Copy it (and {result.thumbnail.name}) into Tabletop Simulator's Saves/Saved Objects folder; "
          + ("the images are read from this computer." if args.image_url is None
             else f"put the images of {args.out} online at {args.image_url} first."))
    return 0
