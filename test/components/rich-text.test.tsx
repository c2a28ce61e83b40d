import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RichTextView } from '@/components/layout/footer/rich-text';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={`/es${href}`} {...rest}>
      {children}
    </a>
  ),
}));

const link = (url: string, text: string) => ({
  type: 'link' as const,
  url,
  children: [{ type: 'text' as const, text }],
});

describe('footer rich text', () => {
  it('renders editors’ links safely: external in a new tab, site paths localized, scripts as text', () => {
    render(
      <RichTextView
        blocks={[
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'Bold', bold: true },
              link('https://help.example', 'outside'),
              link('/vip-club', 'inside'),
              link('javascript:alert(1)', 'script'),
              link('//evil.example', 'protocol-relative'),
              link('/.//evil.example', 'dot-segment'),
              link('data:text/html,<script>alert(1)</script>', 'data'),
              link('tel:+50688880000', 'phone'),
              link('mailto:help@example.com', 'mail'),
            ],
          },
          {
            type: 'list',
            format: 'ordered',
            children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] }],
          },
        ]}
      />,
    );
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    const outside = screen.getByRole('link', { name: 'outside' });
    expect(outside).toHaveAttribute('target', '_blank');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'inside' })).toHaveAttribute('href', '/es/vip-club');
    expect(screen.queryByRole('link', { name: 'script' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'protocol-relative' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'dot-segment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
    expect(screen.getByRole('link', { name: 'phone' })).toHaveAttribute('href', 'tel:+50688880000');
    expect(screen.getByRole('link', { name: 'phone' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(screen.getByText('script')).toBeInTheDocument();
    expect(screen.getByRole('list').tagName).toBe('OL');
  });
});
