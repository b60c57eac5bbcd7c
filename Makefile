# The README's two commands. Both build or refresh .venv from requirements.txt first.
# `make sim` runs the simulator (a window, or the terminal when there is no display); `make test` runs every
# test, the MicroPython runs included, and first builds the device VM (tools/devicevm, docs/device.md) when it can.
# The targets share names with folders (sim/, tests/): without .PHONY make would call them up to date.
.PHONY: sim test venv devicevm

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVICEVM_STAMP := build/devicevm/.built
DEVICEVM_INPUTS := $(wildcard tools/devicevm/*.c tools/devicevm/*.h tools/devicevm/*.ld tools/devicevm/extmod/*.h) \
	tools/devicevm/Makefile tools/devicevm/build.sh

venv: $(STAMP)

# Rebuilt whenever requirements.txt changes; the stamp keeps repeated runs fast.
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The device VM: installs its toolchain as root when missing, downloads the pinned MicroPython source and builds
# into build/devicevm/. Rebuilt when the port changes; without root and toolchain it leaves a notice instead.
devicevm: $(DEVICEVM_STAMP)

$(DEVICEVM_STAMP): $(DEVICEVM_INPUTS) | $(STAMP)
	bash tools/devicevm/build.sh $(VPY)
	if [ -f build/devicevm/obj/devicevm.elf ] && [ ! -f build/devicevm/unavailable ]; then touch $@; fi

test: $(STAMP) $(DEVICEVM_STAMP)
	$(VPY) -m pytest

sim: $(STAMP)
	$(VPY) -m sim $(ARGS)
