import { Link } from "react-router";
import { FAQ_GROUPS } from "./content.ts";

/** Native <details> sharing one name: the browser keeps one open at a time, and a click on its summary closes it. */
export function Faq() {
  return (
    <section id="faq" className="section section-alt" aria-labelledby="faq-title">
      <div className="container faq">
        <hgroup className="section-head">
          <h2 id="faq-title">Frequently Asked Questions</h2>
          <p>Everything you need to know before you take off.</p>
        </hgroup>
        {FAQ_GROUPS.map((group) => (
          <div key={group.title} className="faq-group">
            <h3>{group.title}</h3>
            {group.items.map((item) => (
              <details key={item.question} name="faq">
                <summary>{item.question}</summary>
                <p>
                  {item.answer}
                  {item.link && (
                    <>
                      {" "}
                      <Link to={item.link.href}>{item.link.label}</Link>
                    </>
                  )}
                </p>
              </details>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
