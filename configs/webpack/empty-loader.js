// The server build's stylesheet loader: a stylesheet import is an empty module there (create-config.js).
module.exports = function emptyModule() {
  return 'export {};';
};
