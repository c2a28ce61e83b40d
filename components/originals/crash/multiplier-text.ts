/** A multiplier in hundredths as the page writes it: 250 → "2.50×". */
export const multiplierText = (units: number) => `${(units / 100).toFixed(2)}×`;
