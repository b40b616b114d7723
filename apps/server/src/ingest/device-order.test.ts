import { describe, expect, it } from 'vitest';
import { createDeviceOrder } from './device-order';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('device event order', () => {
  it('hands a device’s messages on in arrival order however long each one’s lookup takes', async () => {
    const order = createDeviceOrder();
    const handed: number[] = [];
    // The first lookups are the slowest: without the gate they would be overtaken by the later ones.
    const delays = [40, 30, 20, 10, 0, 5, 0];
    await Promise.all(
      delays.map((ms, i) =>
        order.inOrder('SN1', (handedOn) =>
          sleep(ms).then(() => {
            handed.push(i);
            handedOn();
            return sleep(20); // the commit, which the next message does not wait for
          }),
        ),
      ),
    );
    expect(handed).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(order.size).toBe(0);
  });

  it('does not wait for the previous commit, nor for other devices', async () => {
    const order = createDeviceOrder();
    const events: string[] = [];
    const first = order.inOrder('A', (handedOn) => {
      events.push('A1 handed');
      handedOn();
      return sleep(50).then(() => void events.push('A1 committed'));
    });
    const second = order.inOrder('A', (handedOn) => {
      events.push('A2 handed');
      handedOn();
      return undefined;
    });
    const other = order.inOrder('B', (handedOn) => {
      events.push('B1 handed');
      handedOn();
      return undefined;
    });
    await Promise.all([first, second, other]);
    expect(events).toEqual(['A1 handed', 'B1 handed', 'A2 handed', 'A1 committed']);
  });

  it('a message dropped before it is handed on (unknown device, failure) frees the next', async () => {
    const order = createDeviceOrder();
    const failed = order.inOrder('A', () => sleep(10).then(() => Promise.reject(new Error('lookup failed'))));
    const dropped = order.inOrder('A', () => undefined);
    let ran = false;
    const next = order.inOrder('A', (handedOn) => {
      ran = true;
      handedOn();
      return undefined;
    });
    await expect(failed).rejects.toThrow('lookup failed');
    await dropped;
    await next;
    expect(ran).toBe(true);
    expect(order.size).toBe(0);
  });
});
