module.exports = {
  // Unknown query keys are a 400, not silently ignored (a typo in the site's populate shows at once).
  rest: { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: true },
};
