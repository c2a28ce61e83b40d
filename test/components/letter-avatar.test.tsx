import { render, screen } from '@testing-library/react';
import { LetterAvatar } from '@/components/ui/letter-avatar';

describe('LetterAvatar', () => {
  it('shows the first letter and takes its colour from it', () => {
    render(<LetterAvatar alt="zoe" />);
    const avatar = screen.getByText('Z');
    expect(avatar).toHaveAttribute('data-color', 'error');
  });

  it('shows the picture when there is one', () => {
    render(<LetterAvatar alt="Alice" src="/a.png" />);
    expect(screen.getByRole('img', { name: 'Alice' })).toHaveAttribute('src', '/a.png');
  });
});
