import { useState } from "react";
import { Link } from "react-router";
import { useRootData } from "../../root-data.ts";
import { ContactDialog } from "./contact-dialog.tsx";
import { PrivacyDialog, TermsDialog } from "./legal-dialogs.tsx";
import { Logo } from "../../components/logo.tsx";
import { SECTION_LINKS, SectionLink } from "./section-link.tsx";
import { Button } from "../../components/button.tsx";

type OpenDialog = "privacy" | "terms" | "contact" | null;

export function SiteFooter() {
  const { user, config } = useRootData();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const supportEmail = config.supportEmail;

  return (
    <>
      <footer className="site-footer">
        <div className="container footer-grid">
          <div className="footer-wide">
            <Logo />
            <p>Raleigh. Set. Go. Flight deals from RDU, delivered.</p>
          </div>
          <nav aria-label="Footer">
            <h2>Explore</h2>
            <ul>
              {SECTION_LINKS.map((link) => (
                <li key={link.id}>
                  <SectionLink to={link.id}>{link.label}</SectionLink>
                </li>
              ))}
              <li>
                <Link to="/login">Account</Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2>Company</h2>
            <ul>
              <li>
                <Button type="button" className="link-button" onClick={() => setDialog("privacy")}>
                  Privacy Policy
                </Button>
              </li>
              <li>
                <Button type="button" className="link-button" onClick={() => setDialog("terms")}>
                  Terms of Service
                </Button>
              </li>
              <li>
                <Button type="button" className="link-button" onClick={() => setDialog("contact")}>
                  Contact
                </Button>
              </li>
              {user?.isAdmin && (
                <li>
                  <Link to="/admin">Thank You</Link>
                </li>
              )}
            </ul>
          </div>
          <div className="footer-wide">
            <h2>Support</h2>
            <p>
              Support: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </p>
          </div>
        </div>
        <div className="container footer-bottom">
          <small>© 2024 GoRDU. All rights reserved.</small>
        </div>
      </footer>
      {/* Outside the footer, so its dark-theme colours don't reach the dialogs. */}
      <PrivacyDialog open={dialog === "privacy"} onClose={close} supportEmail={supportEmail} />
      <TermsDialog open={dialog === "terms"} onClose={close} supportEmail={supportEmail} />
      <ContactDialog open={dialog === "contact"} onClose={close} />
    </>
  );
}
