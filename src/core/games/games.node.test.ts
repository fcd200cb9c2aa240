import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import {
  afterScratchReveal,
  bounceStart,
  closeRedirectDelayMs,
  conversionFieldsOf,
  createGameRunner,
  EFFECT_OPACITY,
  fillPrizePlaceholder,
  type GameScreen,
  type GamifiedPrize,
  initialGame,
  PrizeSetError,
  parsePrizeSet,
  particleCount,
  pickPrize,
  planEffect,
  readBackgroundEffect,
  remainingFraction,
  seededRandom,
  shouldReveal,
  sliceUnderPointer,
  spinRotation,
  textDirection,
  tiledPlaces,
  transition,
  wheelLabel,
  wheelLabels,
} from './index.ts';

const PRIZE_SET = {
  a1: { label: '10% off', code: 'TEN', prize_id: 'p-ten', is_winner: 1, loosing_option: 1, chances: 50 },
  b2: { label: 'Free shipping', code: 'SHIP', prize_id: 'p-ship', is_winner: 0, loosing_option: 0, chances: 30 },
  c3: {
    label: 'No luck',
    code: '',
    prize_id: 'p-none',
    is_winner: 0,
    loosing_option: 1,
    chances: 20,
    redirect_to: 1,
    redirect_to_options: { redirect_to_url: 'https://example.com/sorry', redirect_close: 1, redirect_close_delay: 2 },
  },
};

describe('gamified prize set (widget §3)', () => {
  it('reads prizes keyed by id; winner when is_winner or loosing_option 0', () => {
    const prizes = parsePrizeSet(PRIZE_SET);
    assert.deepEqual(
      prizes.map((prize) => [prize.prizeId, prize.isWinner, prize.chances]),
      [
        ['p-ten', true, 50],
        ['p-ship', true, 30],
        ['p-none', false, 20],
      ],
    );
    assert.deepEqual(prizes[2]!.redirect, { url: 'https://example.com/sorry', close: true, closeDelaySeconds: 2 });
    assert.deepEqual(parsePrizeSet(JSON.stringify(PRIZE_SET)).length, 3);
  });

  it('bad input gets a clear message', () => {
    assert.throws(
      () => parsePrizeSet('{nope'),
      (error: unknown) => error instanceof PrizeSetError && error.message === 'gamified_prize is not valid JSON',
    );
    assert.throws(() => parsePrizeSet({}), /gamified_prize holds no prizes/);
    assert.throws(
      () => parsePrizeSet({ x: { chances: 140 } }),
      /gamified_prize "x" has chances 140; expected a percentage from 0 to 100/,
    );
    assert.throws(() => parsePrizeSet(null), /must be an object of prizes keyed by id/);
  });

  it('10,000 seeded picks match chances / 100 within ±1.5 percentage points', () => {
    const prizes = parsePrizeSet(PRIZE_SET);
    const random = seededRandom(20261123);
    const counts = new Map<string, number>();
    for (let spin = 0; spin < 10_000; spin += 1) {
      const prize = pickPrize(prizes, random);
      counts.set(prize.prizeId, (counts.get(prize.prizeId) ?? 0) + 1);
    }
    for (const prize of prizes) {
      const share = (counts.get(prize.prizeId) ?? 0) / 10_000;
      assert.ok(Math.abs(share - prize.chances / 100) < 0.015, `${prize.prizeId}: ${share} vs ${prize.chances / 100}`);
    }
  });

  it('the same seed picks the same prizes; a 0% prize is never picked', () => {
    const prizes = parsePrizeSet({ ...PRIZE_SET, z9: { label: 'never', code: 'X', chances: 0, is_winner: 1 } });
    const first = Array.from(
      { length: 50 },
      (
        (random) => () =>
          pickPrize(prizes, random).key
      )(seededRandom(7)),
    );
    const again = Array.from(
      { length: 50 },
      (
        (random) => () =>
          pickPrize(prizes, random).key
      )(seededRandom(7)),
    );
    assert.deepEqual(first, again);
    const random = seededRandom(3);
    for (let spin = 0; spin < 2_000; spin += 1) assert.notEqual(pickPrize(prizes, random).key, 'z9');
  });

  it('the chosen prize gives prize_id and is_winner to the conversion and fills prize_code / prize_label hidden fields', () => {
    const [ten, , none] = parsePrizeSet(PRIZE_SET) as [GamifiedPrize, GamifiedPrize, GamifiedPrize];
    assert.deepEqual(conversionFieldsOf(ten), { prize_id: 'p-ten', is_winner: '1' });
    assert.deepEqual(conversionFieldsOf(none), { prize_id: 'p-none', is_winner: '0' });
    assert.equal(fillPrizePlaceholder('prize_code', ten), 'TEN');
    assert.equal(fillPrizePlaceholder(' prize_label ', ten), '10% off');
    assert.equal(fillPrizePlaceholder('newsletter', ten), 'newsletter');
  });
});

describe('spin wheel: 24 segments × 30° plus an offset (widget §4)', () => {
  it('every prize of wheels of 2 to 12 slices lands inside its own slice, whatever the jitter', () => {
    for (let count = 2; count <= 12; count += 1) {
      for (let index = 0; index < count; index += 1) {
        for (const jitter of [0, 0.25, 0.5, 0.999]) {
          const rotation = spinRotation(index, count, jitter);
          assert.ok(rotation >= 720 && rotation < 1080, `rotation ${rotation} is 24 × 30° plus an offset below 360°`);
          assert.equal(sliceUnderPointer(rotation, count), index, `count ${count} index ${index} jitter ${jitter}`);
        }
      }
    }
  });
});

describe('spin wheel labels', () => {
  it('the labels of the left half are turned half a turn, so that every label reads within 90° of left to right', () => {
    for (const count of [1, 2, 3, 4, 5, 6, 8, 12]) {
      for (let index = 0; index < count; index++) {
        const { rotation, turned } = wheelLabel('10% off', index, count);
        const reading = (((rotation % 360) + 540) % 360) - 180;
        assert.ok(Math.abs(reading) <= 90, `slice ${index} of ${count} reads at ${reading}°`);
        assert.equal(turned, count > 1 && (index + 0.5) * (360 / count) > 180, `slice ${index} of ${count}`);
      }
    }
  });

  it('a long label is wrapped on up to three lines before it is shrunk to the smallest size, and cut only past that', () => {
    const wrapped = wheelLabel('A free gift with your next order', 2, 4);
    assert.deepEqual(wrapped.lines.join(' '), 'A free gift with your next order');
    assert.ok(wrapped.lines.length > 1);
    const short = wheelLabel('10% off', 0, 4);
    assert.deepEqual(short.lines, ['10% off']);
    assert.ok(short.fontSize > wrapped.fontSize);
    const cut = wheelLabel('WWWWWWWWWWWWWWWWWWWWWWWW', 0, 8);
    assert.equal(cut.lines.length, 1);
    assert.match(cut.lines[0]!, /^W+…$/);
  });

  it('the labels of a wheel share one size, but a label that would make it unreadable is drawn smaller alone', () => {
    const sizes = (labels: string[]) => wheelLabels(labels).map((label) => label.fontSize);
    const even = sizes(['5% off', 'Free coffee', 'Try again', '15% off']);
    assert.equal(new Set(even).size, 1, even.join(', '));
    const [first, second, third, long] = sizes(['5% off', 'Free coffee', 'Try again', 'WWWWWWWWWWWWWWWWWWWWWWWW']);
    assert.ok(first === second && second === third && first! > long!, `${first}, ${second}, ${third}, ${long}`);
  });

  it('reads in the direction of its first letter', () => {
    assert.equal(textDirection('20% הנחה'), 'rtl');
    assert.equal(textDirection('10% off'), 'ltr');
    assert.equal(textDirection('שובר 20% off'), 'rtl');
    assert.equal(textDirection('50%'), 'ltr');
  });
});

describe('scratch card: revealed when 50% or less remains (widget §4)', () => {
  const canvas = (width: number, height: number, scratchedColumns: number): Uint8ClampedArray => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) data[(y * width + x) * 4 + 3] = x < scratchedColumns ? 0 : 255;
    return data;
  };

  it('coverage of a known canvas', () => {
    assert.equal(remainingFraction(canvas(10, 10, 0)), 1);
    assert.equal(remainingFraction(canvas(10, 10, 4)), 0.6);
    assert.equal(remainingFraction(canvas(10, 10, 5)), 0.5);
    assert.equal(remainingFraction(canvas(10, 10, 10)), 0);
    assert.equal(remainingFraction(canvas(10, 10, 3), 2), 0.6);
    assert.equal(shouldReveal(remainingFraction(canvas(10, 10, 4))), false);
    assert.equal(shouldReveal(remainingFraction(canvas(10, 10, 5))), true);
  });

  it('after the reveal: the post-play screen, or the form submit when disable_post_play_screen is set', () => {
    assert.equal(afterScratchReveal(false), 'post-play');
    assert.equal(afterScratchReveal(true), 'submit');
  });
});

describe('gamified delays and effect opacities (widget §9)', () => {
  it('close/redirect: base 4 s, tripled when the wheel has a coupon, plus 8 s without the post-play screen', () => {
    assert.equal(closeRedirectDelayMs({ wheelHasCoupon: false, disablePostPlayScreen: false }), 4_000);
    assert.equal(closeRedirectDelayMs({ wheelHasCoupon: true, disablePostPlayScreen: false }), 12_000);
    assert.equal(closeRedirectDelayMs({ wheelHasCoupon: false, disablePostPlayScreen: true }), 12_000);
    assert.equal(closeRedirectDelayMs({ wheelHasCoupon: true, disablePostPlayScreen: true }), 20_000);
  });

  it('background effect opacity: starry-sky 0.7, rain 0.5, wheel 0.5, the others 1', () => {
    assert.deepEqual(EFFECT_OPACITY, { wheel: 0.5, 'starry-sky': 0.7, ball: 1, snow: 1, rain: 0.5, confetti: 1 });
  });
});

describe('game machine: idle → playing → won | lost', () => {
  afterEach(() => {
    mock.timers.reset();
  });

  it('plays once; a second play does nothing', () => {
    const prizes = parsePrizeSet(PRIZE_SET);
    const started = transition(initialGame('gift-box'), { type: 'play', prizes, random: () => 0 });
    assert.equal(started.snapshot.state, 'playing');
    assert.equal(started.snapshot.prize?.prizeId, 'p-ten');
    assert.deepEqual(
      started.effects,
      [{ type: 'wait-for-result', ms: 1_500 }],
      'the opened box shows its prize for 1.5 s',
    );
    assert.equal(transition(started.snapshot, { type: 'play', prizes, random: () => 0.99 }).effects.length, 0);
  });

  it('the wheel shows its result after 7 s, then follows up after the §9 delay', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const results: [string, GameScreen][] = [];
    const followUps: string[] = [];
    const runner = createGameRunner({
      kind: 'spin-wheel',
      prizes: parsePrizeSet(PRIZE_SET),
      random: () => 0.9,
      wheelHasCoupon: true,
      onChange: () => {},
      onResult: (prize, screen) => results.push([prize.prizeId, screen]),
      onFollowUp: (prize) => followUps.push(prize.prizeId),
    });
    assert.equal(runner.play()?.prizeId, 'p-none');
    mock.timers.tick(6_999);
    assert.deepEqual(results, []);
    mock.timers.tick(1);
    assert.deepEqual(results, [['p-none', 'lose']]);
    mock.timers.tick(11_999);
    assert.deepEqual(followUps, []);
    mock.timers.tick(1);
    assert.deepEqual(followUps, ['p-none']);
    runner.dispose();
  });

  it('the scratch card holds its prize under the cover until the reveal, then waits 3 s; a winner gets the win screen', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const screens: GameScreen[] = [];
    const runner = createGameRunner({
      kind: 'scratch-card',
      prizes: parsePrizeSet(PRIZE_SET),
      random: () => 0.1,
      onChange: () => {},
      onResult: (_prize, screen) => screens.push(screen),
    });
    assert.equal(runner.play()?.prizeId, 'p-ten');
    mock.timers.tick(60_000);
    assert.deepEqual(screens, [], 'no result while the cover is on');
    runner.reveal();
    runner.reveal();
    mock.timers.tick(2_999);
    assert.deepEqual(screens, []);
    mock.timers.tick(1);
    assert.deepEqual(screens, ['win']);
    runner.dispose();
  });

  it('only a scratch card that is being played can be revealed', () => {
    const prizes = parsePrizeSet(PRIZE_SET);
    assert.equal(transition(initialGame('scratch-card'), { type: 'reveal' }).effects.length, 0, 'not before play');
    const wheel = transition(initialGame('spin-wheel'), { type: 'play', prizes, random: () => 0 }).snapshot;
    assert.equal(transition(wheel, { type: 'reveal' }).effects.length, 0, 'a wheel has no cover');
    const card = transition(initialGame('scratch-card'), { type: 'play', prizes, random: () => 0 }).snapshot;
    assert.equal(transition(card, { type: 'result-due' }).snapshot, card, 'no result before the reveal');
    const revealed = transition(card, { type: 'reveal' });
    assert.deepEqual(revealed.effects, [{ type: 'wait-for-result', ms: 3_000 }]);
    assert.equal(transition(revealed.snapshot, { type: 'result-due' }).snapshot.state, 'won');
  });

  it('dispose cancels a pending result', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const screens: GameScreen[] = [];
    const runner = createGameRunner({
      kind: 'spin-wheel',
      prizes: parsePrizeSet(PRIZE_SET),
      random: () => 0.1,
      onChange: () => {},
      onResult: (_prize, screen) => screens.push(screen),
    });
    runner.play();
    runner.dispose();
    mock.timers.tick(10_000);
    assert.deepEqual(screens, []);
  });
});

describe('background effects (widget §2)', () => {
  const field = { width: 400, height: 250 };

  it('reads the six effect names, and nothing else', () => {
    assert.deepEqual(['wheel', 'starry-sky', 'ball', 'snow', 'rain', 'confetti', ' Snow '].map(readBackgroundEffect), [
      'wheel',
      'starry-sky',
      'ball',
      'snow',
      'rain',
      'confetti',
      'snow',
    ]);
    assert.deepEqual(['fireworks', '', null, 3].map(readBackgroundEffect), [null, null, null, null]);
  });

  it('scales the particle count with the area, within bounds', () => {
    assert.equal(particleCount('snow', field), 30);
    assert.equal(particleCount('snow', { width: 40, height: 25 }), 6);
    assert.equal(particleCount('rain', { width: 4000, height: 4000 }), 400);
  });

  it('balls are at most 40: each is a layer of its own for the compositor', () => {
    assert.equal(particleCount('ball', { width: 1920, height: 1080 }), 40);
    assert.equal(particleCount('ball', field), 6);
  });

  it('falling effects: far, middle and near layers, the nearer faster and bigger, each a tile of the field', () => {
    for (const effect of ['snow', 'rain', 'confetti'] as const) {
      const plan = planEffect(effect, field, seededRandom(1));
      assert.equal(plan.kind, 'falling');
      if (plan.kind !== 'falling') return;
      assert.equal(plan.layers.length, 3);
      const seconds = plan.layers.map((layer) => layer.seconds);
      assert.deepEqual(
        [...seconds].sort((a, b) => b - a),
        seconds,
        `${effect}: the far layer is the slowest`,
      );
      const pieces = plan.layers.reduce((sum, layer) => sum + layer.pieces.length, 0);
      assert.ok(Math.abs(pieces - particleCount(effect, field)) <= 3, `${effect}: ${pieces} pieces in all`);
      for (const layer of plan.layers)
        for (const piece of layer.pieces) {
          assert.ok(piece.y >= 0 && piece.y < field.height, `${effect}: a piece at y ${piece.y}`);
          assert.ok(piece.x >= 0 && piece.x < field.width + layer.sway * 2, `${effect}: a piece at x ${piece.x}`);
        }
    }
    const snow = planEffect('snow', field, seededRandom(2));
    assert.ok(snow.kind === 'falling' && snow.layers.every((layer) => layer.sway > 0), 'snow sways');
  });

  it('a falling layer two tiles high shows the same picture in each: a piece is painted in both, wrapped', () => {
    const tile = 100;
    for (const y of [0, 2, 50, 97, 99.9]) {
      const places = tiledPlaces(y, 5, tile);
      for (const place of places.filter((at) => at + 5 >= 0 && at - 5 <= tile))
        assert.ok(places.includes(place + tile), `a piece at ${y} is painted at ${place} and ${place + tile}`);
      assert.ok(places.includes(y) && places.includes(y + tile), `a piece at ${y} in both tiles`);
    }
  });

  it('a bounce starts where the ball is, going its way', () => {
    assert.deepEqual(bounceStart(0, 100, 50), { seconds: 2, start: 0 });
    assert.deepEqual(bounceStart(50, 100, 50), { seconds: 2, start: 1 });
    assert.deepEqual(bounceStart(50, 100, -50), { seconds: 2, start: 3 }, 'halfway back');
    assert.deepEqual(bounceStart(0, 100, -50), { seconds: 2, start: 4 }, 'back at the start');
    const plan = planEffect('ball', field, seededRandom(3));
    assert.ok(plan.kind === 'balls' && plan.balls.length === 6, 'six balls');
    if (plan.kind !== 'balls') return;
    for (const ball of plan.balls) {
      assert.ok(ball.x >= 0 && ball.x <= field.width - ball.size * 2, 'inside across');
      assert.ok(ball.y >= 0 && ball.y <= field.height - ball.size * 2, 'inside down');
      assert.ok(ball.xStart >= 0 && ball.xStart <= ball.xSeconds * 2, 'within one to-and-fro');
    }
  });

  it('stars: a few groups twinkle at their own pace, one stays lit; wheels turn in about ten seconds', () => {
    const sky = planEffect('starry-sky', field, seededRandom(4));
    assert.ok(sky.kind === 'stars', 'stars');
    if (sky.kind !== 'stars') return;
    assert.equal(new Set(sky.layers.map((layer) => layer.seconds)).size, sky.layers.length);
    assert.equal(sky.layers.filter((layer) => layer.seconds === 0).length, 1);
    assert.equal(
      sky.layers.reduce((sum, layer) => sum + layer.stars.length, 0),
      particleCount('starry-sky', field),
    );
    const wheels = planEffect('wheel', field, seededRandom(5));
    assert.ok(wheels.kind === 'wheels' && wheels.wheels.length === particleCount('wheel', field), 'the wheels');
    if (wheels.kind !== 'wheels') return;
    for (const wheel of wheels.wheels)
      assert.ok(wheel.seconds >= 9 && wheel.seconds <= 13, `${wheel.seconds} s a turn`);
  });
});
