# The README's two commands. Both build or refresh .venv from requirements.txt first.
# `make sim` runs the simulator (a window, or the terminal when there is no display); `make test` runs every
# test, the MicroPython runs included.
# The targets share names with folders (sim/, tests/): without .PHONY make would call them up to date.
.PHONY: sim test venv

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

venv: $(STAMP)

# Rebuilt whenever requirements.txt changes; the stamp keeps repeated runs fast.
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

test: $(STAMP)
	$(VPY) -m pytest

sim: $(STAMP)
	$(VPY) -m sim $(ARGS)
