// jsdom measures nothing; React Flow needs sizes to lay nodes out (its testing guide's shim).
class ResizeObserverShim {
  constructor(private callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

class DOMMatrixReadOnlyShim {
  m22: number;
  constructor(transform: string) {
    const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
    this.m22 = scale !== undefined ? +scale : 1;
  }
}

let done = false;
export function mockReactFlowDom() {
  if (done) return;
  done = true;
  (globalThis as Record<string, unknown>).ResizeObserver = ResizeObserverShim;
  (globalThis as Record<string, unknown>).DOMMatrixReadOnly = DOMMatrixReadOnlyShim;
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { get() { return parseFloat(this.style.height) || 1; } },
    offsetWidth: { get() { return parseFloat(this.style.width) || 1; } },
  });
  (SVGElement.prototype as unknown as { getBBox: () => object }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 });
}
