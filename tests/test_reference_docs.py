"""docs/reference.md is generated from the code; it must be regenerated when the code changes."""

from interpreter.cards.catalog import project_root
from interpreter.reference import reference_markdown


def test_reference_is_up_to_date():
    committed = (project_root() / "docs" / "reference.md").read_text()
    assert committed == reference_markdown(), "run `importexport docs` to regenerate docs/reference.md"
