import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { handOver, holdServerPaint } from "./server-paint";

/** The server's paint of a login form: plain HTML, as page.html writes it. */
function serverPaint(): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML =
    '<form method="post"><input id="login-email" type="email"><input id="login-password" type="password"><button type="submit">Login</button></form>';
  document.body.append(root);
  return root;
}

function type(input: HTMLInputElement, value: string) {
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** React's form with the same ids, its e-mail field controlled, as react-hook-form's are observed. */
function ReactForm({ onEmail, onSubmit }: { onEmail: (v: string) => void; onSubmit?: (email: string) => void }) {
  const [email, setEmail] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.(email);
      }}
    >
      <input
        id="login-email"
        type="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          onEmail(e.target.value);
        }}
      />
      <input id="login-password" type="password" />
      <button type="submit">Login</button>
    </form>
  );
}

describe("the hand-over from the server's paint", () => {
  it("keeps what was typed and the focus, and holds a submit until React has drawn the form", () => {
    const root = serverPaint();
    holdServerPaint(root);
    type(root.querySelector<HTMLInputElement>("#login-email")!, "sam@example.com");
    type(root.querySelector<HTMLInputElement>("#login-password")!, "hunter22");

    const submit = new Event("submit", { bubbles: true, cancelable: true });
    root.querySelector("form")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    // React replaces the server's markup with its own, in the same root.
    root.replaceChildren();
    const heard: string[] = [];
    const sent: string[] = [];
    render(<ReactForm onEmail={(v) => heard.push(v)} onSubmit={(email) => sent.push(email)} />, { container: root });
    act(() => handOver());

    expect(screen.getByRole("textbox")).toHaveValue("sam@example.com");
    expect(heard).toEqual(["sam@example.com"]); // React's onChange heard it as typing
    expect(document.getElementById("login-password")).toHaveValue("hunter22");
    expect(document.activeElement).toBe(document.getElementById("login-password"));

    // The held submit is sent again on React's form, and later ones reach it too.
    expect(sent).toEqual(["sam@example.com"]);
    act(() => root.querySelector("form")!.requestSubmit());
    expect(sent).toEqual(["sam@example.com", "sam@example.com"]);
    root.remove();
  });

  it("sends a form sent with its button too early again on React's form", () => {
    const root = serverPaint();
    holdServerPaint(root);
    type(root.querySelector<HTMLInputElement>("#login-email")!, "sam@example.com");
    root.querySelector<HTMLButtonElement>("button")!.click(); // the submit button: the form's submit is held

    root.replaceChildren();
    const sent: string[] = [];
    render(<ReactForm onEmail={() => undefined} onSubmit={(email) => sent.push(email)} />, { container: root });
    act(() => handOver());
    expect(sent).toEqual(["sam@example.com"]);
    root.remove();
  });

  it("presses a button pressed too early again on React's page", () => {
    const root = document.createElement("div");
    root.innerHTML = '<nav><button type="button">Sign Up</button></nav>';
    document.body.append(root);
    holdServerPaint(root);
    root.querySelector("button")!.click();

    root.replaceChildren();
    const presses: string[] = [];
    render(
      <nav>
        <button type="button" onMouseDown={() => presses.push("down")} onClick={() => presses.push("click")}>
          Sign Up
        </button>
      </nav>,
      { container: root },
    );
    act(() => handOver());
    expect(presses).toEqual(["down", "click"]);
    root.remove();
  });

  it("does nothing on a page the server did not paint", () => {
    render(<ReactForm onEmail={() => undefined} />);
    act(() => handOver());
    expect(screen.getByRole("textbox")).toHaveValue("");
  });
});
