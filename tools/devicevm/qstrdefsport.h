// SPDX-License-Identifier: MIT
// qstrs specific to the device VM are collected automatically from the sources.
