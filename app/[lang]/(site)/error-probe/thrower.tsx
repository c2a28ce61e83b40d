'use client';

export function Thrower(): never {
  throw new Error('error probe: a deliberate interface error');
}
