# `make test` is the README's test command: it builds or refreshes .venv from requirements.txt, then runs every
# test, the MicroPython runs included. (`make sim` arrives with the simulator.)
# The targets share names with folders (sim/, tests/): without .PHONY make would call them up to date.
.PHONY: test venv

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
