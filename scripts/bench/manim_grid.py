"""The benchmark's 13x13 example scene in Manim Community (Cairo renderer), for the wall-time comparison in
docs/Performance.md. Optional, outside CI:

    pip install manim      # needs libcairo2-dev and libpango1.0-dev
    time manim render --renderer=cairo -r 1920,1080 --fps 60 --format mp4 --disable_caching \
        scripts/bench/manim_grid.py Grid

Same film as fixtures/scenes/bench/example-13x13.json: 13x13 tiles 3 px apart (inset 3) on a 1080x1080 square
in the middle of 1920x1080, colour (0.64, 0.91, 0.69), corner radius 2, each fading in and growing from 0.1 on
Spruce's SpringAnimation(duration: 0.5) curve (damping ratio 0.5, initial velocity 0.7, settles in 0.5 s),
started 0.025 s apart by Manhattan distance from the top-left corner; 0.1 s lead, 0.5 s hold, out in reverse.
"""
import math

from manim import WHITE, RoundedRectangle, Scene, ValueTracker, config, linear, rgb_to_color

N, GAP, INSET, DELAY = 13, 3.0, 3.0, 0.025
LEAD, HOLD, SPRING = 0.1, 0.5, 0.5
ZETA, V0 = 0.5, 0.7
OMEGA = math.log(1000) / (ZETA * SPRING)
OMEGA_D = OMEGA * math.sqrt(1 - ZETA * ZETA)


def spring(t):
    """Progress 0 -> 1 of a unit-mass spring released from 0 towards 1 with velocity V0."""
    if t <= 0:
        return 0.0
    if t >= SPRING:
        return 1.0
    b = (V0 - ZETA * OMEGA) / OMEGA_D
    return 1 + math.exp(-ZETA * OMEGA * t) * (-math.cos(OMEGA_D * t) + b * math.sin(OMEGA_D * t))


class Grid(Scene):
    def construct(self):
        self.camera.background_color = WHITE
        px = config.frame_height / 1080
        side = (1080 - 2 * INSET - (N - 1) * GAP) / N
        last = 2 * (N - 1) * DELAY
        in_end = LEAD + last + SPRING
        out_start = in_end + HOLD
        total = out_start + last + SPRING + LEAD
        colour = rgb_to_color([0.64, 0.91, 0.69])
        time = ValueTracker(0)
        for r in range(N):
            for c in range(N):
                tile = RoundedRectangle(corner_radius=2 * px, width=side * px, height=side * px,
                                        fill_color=colour, fill_opacity=1, stroke_width=0)
                x = -540 + INSET + c * (side + GAP) + side / 2
                y = 540 - INSET - r * (side + GAP) - side / 2
                tile.move_to([x * px, y * px, 0])
                start_in = LEAD + (r + c) * DELAY
                start_out = out_start + (last - (r + c) * DELAY)

                def update(m, start_in=start_in, start_out=start_out, x=x, y=y):
                    t = time.get_value()
                    p = spring(t - start_in) - spring(t - start_out)
                    s = max(0.1 + 0.9 * p, 1e-3)
                    m.stretch_to_fit_width(side * px * s).stretch_to_fit_height(side * px * s)
                    m.move_to([x * px, y * px, 0])
                    m.set_fill(opacity=min(1.0, max(0.0, p)))

                tile.add_updater(update)
                self.add(tile)
        self.play(time.animate.set_value(total), run_time=total, rate_func=linear)
