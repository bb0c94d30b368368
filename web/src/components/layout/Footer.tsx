import { Link } from "@tanstack/react-router"
import { CONTACT, FOOTER_STATEMENT } from "../../content/site.ts"
import { openCookieSettings } from "../consent/CookieConsent.tsx"
import { Logo } from "./Brand.tsx"

/**
 * The public pages a visitor looks for beyond spec §2's quick links, so every page of the site is one click
 * from any page (issue 27). Campaign pages (/landing, /rocket1) are reached from their campaigns, not from here.
 */
export const EXPLORE_LINKS = [
  { to: "/news", label: "News" },
  { to: "/fees", label: "Fees" },
  { to: "/statistics", label: "Statistics" },
  { to: "/user-manual", label: "User manual" },
  { to: "/references", label: "References" },
  { to: "/business", label: "Landunits for business" },
] as const

/** Footer (spec §2): quick links, explore, contact details, about us, terms, privacy, social links, accessibility. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer__grid">
          <section aria-labelledby="footer-about">
            <p className="brand" style={{ color: "#fff" }}>
              <Logo />
              <span>Landunits</span>
            </p>
            <h2 id="footer-about">About Us</h2>
            <p>
              Landunits funds the purchase and sustainable management of land. Members hold Units whose price
              rises daily at a fixed rate. <Link to="/about-us">More about us</Link>
            </p>
          </section>
          <section aria-labelledby="footer-quick">
            <h2 id="footer-quick">Quick links</h2>
            <ul>
              <li>
                <Link to="/register">Register</Link>
              </li>
              <li>
                <Link to="/login">Log in</Link>
              </li>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
              <li>
                <Link to="/team">Team</Link>
              </li>
              <li>
                <Link to="/terms-and-conditions">Terms and Conditions</Link>
              </li>
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <button type="button" className="link" onClick={openCookieSettings}>
                  Cookie settings
                </button>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-explore">
            <h2 id="footer-explore">Explore</h2>
            <ul>
              {EXPLORE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact Details</h2>
            <ul>
              <li>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </li>
              <li>
                <a href={`tel:${CONTACT.phone.replace(/\s/g, "")}`}>{CONTACT.phone}</a>
              </li>
              <li>{CONTACT.address}</li>
              <li>
                <Link to="/contact-us">Contact form</Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">Follow us</h2>
            <ul className="social">
              {CONTACT.social.map((s) => (
                <li key={s.name}>
                  <a href={s.href} rel="noopener noreferrer" target="_blank">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
            <h2 id="footer-accessibility" style={{ marginTop: 24 }}>
              Accessibility
            </h2>
            <p>
              We aim to meet WCAG 2.1 AA on every page: keyboard access, readable contrast and labelled forms.
              If something is hard to use, tell us at <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>.
            </p>
          </section>
        </div>
        <p className="footer__statement">{FOOTER_STATEMENT}</p>
        <p className="footer__statement" style={{ borderTop: 0, marginTop: 0, paddingTop: 0 }}>
          © 2026 Landunits. Units carry no land ownership and no legal connection to land.
        </p>
      </div>
    </footer>
  )
}
