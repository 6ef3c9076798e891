import { describe, expect, it } from 'vitest';
import { LazyPanelView } from '../../renderer/panels/panel.js';

/** A view whose render only counts how often it ran: `renders()` is that count. */
function countingView(): { view: LazyPanelView; renders: () => number } {
  let renders = 0;
  return { view: new LazyPanelView(() => renders++), renders: () => renders };
}

describe('LazyPanelView: every panel renders only while seen, and only when something changed', () => {
  it('renders on the first show, not before', () => {
    const { view, renders } = countingView();
    view.invalidate();
    view.invalidate();
    expect(renders()).toBe(0);
    view.show();
    expect(renders()).toBe(1);
    expect(view.visible).toBe(true);
  });

  it('renders at once while seen; while hidden, once on the next show however many changes came', () => {
    const { view, renders } = countingView();
    view.show();
    view.invalidate();
    expect(renders()).toBe(2);
    view.hide();
    expect(view.visible).toBe(false);
    view.invalidate();
    view.invalidate();
    expect(renders()).toBe(2);
    view.show();
    expect(renders()).toBe(3);
  });

  it('does not render again when shown with nothing changed', () => {
    const { view, renders } = countingView();
    view.show();
    view.hide();
    view.show();
    expect(renders()).toBe(1);
  });

  it('hands show and hide over detached, as the panels do (show: view.show)', () => {
    const { view, renders } = countingView();
    const { show, hide } = view;
    show();
    hide();
    view.invalidate();
    show();
    expect(renders()).toBe(2);
  });

  it('a render that invalidates (a sort header clicked mid-render) does not loop', () => {
    let renders = 0;
    const view: LazyPanelView = new LazyPanelView(() => {
      renders++;
      if (renders === 1) view.invalidate();
    });
    view.show();
    expect(renders).toBe(2);
  });
});
