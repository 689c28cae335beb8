/** PHP's round() (half away from zero, with its pre-rounding to 15 significant digits). */
export function phpRound(value: number, places: number): number {
  const factor = 10 ** places;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor;
}

/** PHP's number_format($value, $decimals, $decimalPoint, $thousandsSeparator). */
export function phpNumberFormat(value: number, decimals: number, decimalPoint = '.', thousandsSeparator = ','): string {
  const places = Math.max(0, Math.trunc(decimals));
  const rounded = phpRound(value, places);
  const [whole = '0', fraction] = Math.abs(rounded).toFixed(places).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  // PHP prints no minus sign for a value that rounds to zero.
  const sign = rounded < 0 ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}${decimalPoint}${fraction}`;
}
