// `npm start`: the product's single entry point. The server arrives with the persistence and API issues;
// until then this says plainly what exists, so nobody mistakes it for a running product.
console.log("Landunits: the domain core is built (npm test exercises it).")
console.log(
  "The HTTP server, web app and admin CLI are not built yet; see README.md and docs/architecture.md.",
)
process.exitCode = 0
