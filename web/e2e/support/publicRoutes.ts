/** The public routes of spec §2 the browser tests visit, each with the headline it must show. */
export const PUBLIC_ROUTES: ReadonlyArray<readonly [string, string | RegExp]> = [
  ["/", "Land that pays for its own care"],
  ["/landing", "Units for a sustainable-land ecosystem"],
  ["/register", "Register to buy Units"],
  ["/login", "Access Your Account Now"],
  ["/login-forgot", "Forgot your password?"],
  ["/login/reset", "Choose a new password"],
  ["/account/confirm", "Confirm your account"],
  ["/subscribe/confirm", "Confirm your newsletter subscription"],
  ["/team", "Our team"],
  ["/contact-us", "Contact us"],
  ["/terms-and-conditions", "Terms and Conditions"],
  ["/privacy-policy", "Privacy Policy"],
  ["/faq", "Frequently asked questions"],
  ["/about-us", "About Landunits"],
  ["/news", "News"],
  ["/news/category/projects", "News: Projects"],
  ["/statistics", "Statistics"],
  ["/fees", "Fees"],
  ["/references", "References"],
  ["/business", "Landunits for business"],
  ["/business-register", "Register your business to buy Units"],
  ["/rocket1", "Launch your first Units"],
  ["/user-manual", "User Manual"],
]

/** Public pages the browser renders alone: they act on a link's token (entry-server.tsx, CLIENT_ONLY). */
export const BROWSER_RENDERED = new Set(["/login/reset", "/account/confirm", "/subscribe/confirm"])
