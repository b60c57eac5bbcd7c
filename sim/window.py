# SPDX-License-Identifier: MIT
"""The simulator in a pygame window: the TFT at 4x beside the LED grid drawn as round LEDs, and a key legend."""

import pygame

from sim import render
from sim.board import make_profile, step

SCALE = 4
MARGIN = 20
FRAME_MS = 20
KEYMAP = {
    pygame.K_UP: "UP", pygame.K_DOWN: "DOWN", pygame.K_LEFT: "LEFT", pygame.K_RIGHT: "RIGHT",
    pygame.K_z: "A", pygame.K_x: "B", pygame.K_RETURN: "START", pygame.K_TAB: "SELECT",
}
LEGEND = ("arrows  d-pad", "Z       A", "X       B", "Enter   START", "Tab     SELECT", "Esc     quit")


def run_window(board, nvm_path, fresh, max_frames=None, drive="device"):
    """The interactive window; ``max_frames`` ends it on its own (for tests)."""
    profile = make_profile(board, nvm_path, fresh, simulated_time=False, reloads=True, drive=drive)
    from firmware.app import App

    app = App(profile)
    app.start()
    pygame.init()
    tft_w, tft_h = profile.WIDTH * SCALE, profile.HEIGHT * SCALE
    led_size = 8 * render.LED_CELL
    size = (tft_w + led_size + 3 * MARGIN, max(tft_h, led_size + 140) + 2 * MARGIN)
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption("Pocket board games: {}".format(board))
    font = pygame.font.Font(None, 22)
    clock = pygame.time.Clock()
    frames = 0
    try:
        while max_frames is None or frames < max_frames:
            frames += 1
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    return 0
                if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in KEYMAP:
                    bit = profile.key_bits[KEYMAP[event.key]]
                    if event.type == pygame.KEYDOWN:
                        profile.buttons.press(bit)
                    else:
                        profile.buttons.release(bit)
            app = step(app, profile, profile.monotonic_ms())
            screen.fill((30, 30, 36))
            tft = render.scaled(profile.display.frame, SCALE)
            screen.blit(pygame.surfarray.make_surface(tft.swapaxes(0, 1)), (MARGIN, MARGIN))
            leds = render.led_image(render.led_colors(profile))
            screen.blit(pygame.surfarray.make_surface(leds.swapaxes(0, 1)), (tft_w + 2 * MARGIN, MARGIN))
            y = led_size + 2 * MARGIN
            for line in LEGEND:
                screen.blit(font.render(line, True, (200, 200, 200)), (tft_w + 2 * MARGIN, y))
                y += 20
            pygame.display.flip()
            clock.tick(1000 // FRAME_MS)
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        pygame.quit()
