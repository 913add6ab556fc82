import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagInput } from './tag-input';

function Harness({ initial = [] as string[], onSubmit = () => {} }) {
  const [tags, setTags] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TagInput label="Sizes" value={tags} onChange={setTags} />
    </form>
  );
}

const tagTexts = () =>
  within(screen.getByRole('list', { name: 'Sizes' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));

describe('TagInput', () => {
  it('adds a trimmed tag on Enter and clears the box, without submitting the form', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(<Harness onSubmit={() => submitted++} />);
    const input = screen.getByRole('textbox', { name: 'Sizes' });
    await user.type(input, '  M  {Enter}');
    expect(tagTexts()).toEqual(['M']);
    expect(input).toHaveValue('');
    expect(submitted).toBe(0);
  });

  it('ignores blanks and duplicates', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['S']} />);
    const input = screen.getByRole('textbox', { name: 'Sizes' });
    await user.type(input, '   {Enter}');
    await user.type(input, 'S{Enter}');
    await user.type(input, ' S {Enter}');
    await user.type(input, 'L{Enter}');
    expect(tagTexts()).toEqual(['S', 'L']);
  });

  it('removes a tag with its x button', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['S', 'M', 'L']} />);
    await user.click(screen.getByRole('button', { name: 'Remove M' }));
    expect(tagTexts()).toEqual(['S', 'L']);
    expect(screen.queryByRole('button', { name: 'Remove M' })).not.toBeInTheDocument();
  });
});
