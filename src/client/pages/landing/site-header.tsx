import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LogoLink } from "../../components/logo.tsx";
import { SECTION_LINKS, SectionLink } from "./section-link.tsx";
import { Button } from "../../components/button.tsx";

const MENU_ID = "mobile-menu";

/** Sticky header: logo, section links and Login; under 768px the same items sit in a collapsible menu. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const startY = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > 8) setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !document.getElementById("site-header")?.contains(event.target)) setMenuOpen(false);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header className="site-header" id="site-header">
      <nav className="container" aria-label="Main">
        <ul>
          <li>
            <LogoLink />
          </li>
        </ul>
        <ul className="nav-desktop">
          {SECTION_LINKS.map((link) => (
            <li key={link.id}>
              <SectionLink to={link.id}>{link.label}</SectionLink>
            </li>
          ))}
          <li>
            <Link to="/login" role="button" className="nav-login">
              Login
            </Link>
          </li>
        </ul>
        <ul className="nav-mobile">
          <li>
            <Button
              ref={toggleRef}
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={menuOpen ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
          </li>
        </ul>
        <div id={MENU_ID} className="mobile-menu" hidden={!menuOpen}>
          <ul className="container">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink to={link.id} onNavigate={close}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link to="/login" role="button" onClick={close}>
                Login
              </Link>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
