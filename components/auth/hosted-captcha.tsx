'use client';

import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';

export type CaptchaWidget = {
  render: (el: HTMLElement, options: Record<string, unknown>) => unknown;
};
const scripts = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
} as const;

/** Turnstile or hCaptcha, drawn by the provider's own script (loaded only when configured). */
export function HostedCaptcha({
  provider,
  siteKey,
  onToken,
}: {
  provider: 'turnstile' | 'hcaptcha';
  siteKey: string;
  onToken: (token: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { src, global } = scripts[provider];
    const draw = () => {
      const widget = window[global];
      if (widget && box.current)
        widget.render(box.current, { sitekey: siteKey, callback: onToken });
    };
    if (window[global]) return draw();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = draw;
    document.head.appendChild(script);
  }, [provider, siteKey, onToken]);
  return <Box ref={box} data-testid="hosted-captcha" />;
}
