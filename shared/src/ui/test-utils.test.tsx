import { describe, expect, it } from 'vitest';
import { axeViolations, renderUi } from './test-utils';

// Guards the guard: the axe checks of the component tests must be able to fail in happy-dom.
describe('axeViolations', () => {
  it('reports real violations', async () => {
    const { container } = renderUi(
      <div>
        <img src="x.png" />
        <input type="text" />
        <button type="button" />
      </div>,
    );
    const violations = await axeViolations(container);
    expect(violations.map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['image-alt', 'label', 'button-name']));
  });
});
