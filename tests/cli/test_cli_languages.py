"""The command line in English, Catalan, Greek, Spanish and Italian: the language chosen as gettext
chooses it, or with --lang; help, layouts, refusals and messages translated, plural forms included;
machine output (JSON, CSV) the same in every language. Real processes, as a user runs them."""

import json
import os
import subprocess

import pytest
from cli_helpers import KLONDIKE

DEAL_6 = "KL1-D1N-AAAAAAG"


def run(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, input=stdin, env={**clean, **env})


# What `klondike deal KL1-D1N-AAAAAAG` and `klondike replay KL1-D1N-AAAAAAG S` print, line by line, where
# words are involved (cards and piles are the move notation in every language).
LAYOUT = {
    "en": ("Game KL1-D1N-AAAAAAG", "Stock, 24 cards, next first: QH", "Waste, 1 card, top last: QH",
           "Foundations: FS --", "([..] = face down)"),
    "ca": ("Partida KL1-D1N-AAAAAAG", "Pila de robatori, 24 cartes, la següent primer: QH",
           "Descart, 1 carta, la de dalt l'última: QH", "Bases: FS --", "([..] = de cara avall)"),
    "el": ("Παρτίδα KL1-D1N-AAAAAAG", "Στοίβα τραβήγματος, 24 φύλλα, το επόμενο πρώτο: QH",
           "Στοίβα ανοιχτών, 1 φύλλο, το πάνω τελευταίο: QH", "Βάσεις: FS --", "([..] = κλειστό)"),
    "es": ("Partida KL1-D1N-AAAAAAG", "Mazo, 24 cartas, la siguiente primero: QH",
           "Descarte, 1 carta, la de arriba la última: QH", "Bases: FS --", "([..] = boca abajo)"),
    "it": ("Partita KL1-D1N-AAAAAAG", "Tallone, 24 carte, la prossima per prima: QH",
           "Pila degli scarti, 1 carta, quella in cima per ultima: QH", "Fondamenta: FS --", "([..] = coperta)"),
}
# The refusal of T2-T1 after T1-F (R8), translated from the refusal's fields.
REFUSAL = {
    "en": "klondike: move 2 of 2, T2-T1, is illegal (R8): An empty column takes only a king.",
    "ca": "klondike: jugada 2 de 2, T2-T1, no permesa (R8): Una columna buida només accepta un rei.",
    "el": "klondike: κίνηση 2 από 2, T2-T1, δεν επιτρέπεται (R8): Μια άδεια στήλη δέχεται μόνο ρήγα.",
    "es": "klondike: jugada 2 de 2, T2-T1, no permitida (R8): Una columna vacía solo admite un rey.",
    "it": "klondike: mossa 2 di 2, T2-T1, non consentita (R8): Una colonna vuota accetta solo un Re.",
}
LANGUAGES = list(LAYOUT)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_layouts_in_each_language_with_plural_forms(lang):
    game, stock, waste, foundations, legend = LAYOUT[lang]
    dealt = run("deal", DEAL_6, LANGUAGE=lang).stdout.splitlines()
    assert dealt[0] == game and dealt[1].startswith(stock) and dealt[3].startswith(foundations)
    assert legend in dealt
    replayed = run("replay", DEAL_6, "S", LANGUAGE=lang).stdout.splitlines()
    assert replayed[2] == waste  # one card: the singular form


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_name_the_rule_in_each_language(lang):
    result = run("replay", DEAL_6, "T1-F", "T2-T1", LANGUAGE=lang)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == REFUSAL[lang] + "\n"


def test_a_bad_code_and_a_move_that_is_not_one_are_told_in_the_language():
    code = run("deal", "KL1-D1N-AAAAA", LANGUAGE="es")
    assert code.returncode == 2 and code.stderr == (
        "klondike: código de partida incorrecto KL1-D1N-AAAAA: La última parte de un código tiene siete letras "
        "de la A a la Z, como KL1-D1N-AAAAAAG.\n")
    move = run("replay", DEAL_6, "T9-T1", LANGUAGE="it")
    assert move.returncode == 1 and move.stderr.startswith("klondike: mossa 1 di 1, T9-T1, non è una mossa: scrivi S")


def test_the_language_comes_from_the_variables_as_gettext_reads_them():
    assert run("deal", DEAL_6, LANGUAGE="fr:ca", LANG="es_ES.UTF-8").stdout.startswith("Partida KL1")  # ca
    assert run("deal", DEAL_6, LC_ALL="el_GR.UTF-8", LANG="it_IT.UTF-8").stdout.startswith("Παρτίδα")
    assert run("deal", DEAL_6, LC_MESSAGES="it_IT.UTF-8", LANG="es_ES.UTF-8").stdout.startswith("Partita")
    assert run("deal", DEAL_6, LANG="es_ES.UTF-8").stdout.startswith("Partida KL1")
    assert run("deal", DEAL_6, LANG="C.UTF-8").stdout.startswith("Game KL1")
    assert run("deal", DEAL_6, LANG="fr_FR.UTF-8").stdout.startswith("Game KL1")  # not one of ours


def test_lang_overrides_the_variables_before_or_after_the_command():
    assert run("--lang", "it", "deal", DEAL_6, LANGUAGE="el").stdout.startswith("Partita")
    assert run("deal", DEAL_6, "--lang=ca", LANGUAGE="el").stdout.startswith("Partida")
    refused = run("deal", DEAL_6, "--lang", "fr")
    assert refused.returncode == 2 and "--lang" in refused.stderr


@pytest.mark.parametrize("lang, usage, options, describes", [
    ("ca", "ús: klondike replay", "opcions:", "Juga jugades des del principi d'un repartiment"),
    ("el", "χρήση: klondike replay", "επιλογές:", "Παίζει κινήσεις από την αρχή ενός μοιράσματος"),
    ("es", "uso: klondike replay", "opciones:", "Juega jugadas desde el principio de un reparto"),
    ("it", "uso: klondike replay", "opzioni:", "Gioca mosse dall'inizio di una distribuzione"),
])
def test_help_is_translated_argparse_words_included(lang, usage, options, describes):
    text = run("replay", "--help", LANGUAGE=lang).stdout
    assert text.startswith(usage) and f"\n{options}\n" in text and describes in " ".join(text.split())
    assert "Exit status" not in text and "usage:" not in text


# What solve --help and replay --help end with, in each language: the move notation, the input rules
# and the exit statuses (words of each paragraph, and the start of solve's own status 0).
MOVES_HELP = {
    "en": ("T3-T5 moves from column 3 onto column 5", "each --file, each where it stands", "# starts a comment",
           "Exit status: 0 a verdict was given", "1 a move is illegal", "130 interrupted (Ctrl-C)"),
    "ca": ("T3-T5 mou de la columna 3 a la columna 5", "cada --file, cadascun on és", "# comença un comentari",
           "Estat de sortida: 0 s'ha donat un veredicte", "1 una jugada no està permesa", "130 interromput (Ctrl-C)"),
    "el": ("το T3-T5 μετακινεί από τη στήλη 3 στη στήλη 5", "κάθε --file, το καθένα εκεί όπου βρίσκεται",
           "το # ξεκινά σχόλιο", "Κατάσταση εξόδου: 0 δόθηκε ετυμηγορία", "1 μια κίνηση δεν επιτρέπεται",
           "130 διακοπή (Ctrl-C)"),
    "es": ("T3-T5 mueve de la columna 3 a la columna 5", "cada --file, cada uno donde está", "# empieza un comentario",
           "Estado de salida: 0 se ha dado un veredicto", "1 una jugada no está permitida", "130 interrumpido (Ctrl-C)"),
    "it": ("T3-T5 sposta dalla colonna 3 alla colonna 5", "ogni --file, ciascuno dove si trova", "# inizia un commento",
           "Stato di uscita: 0 è stato dato un verdetto", "1 una mossa non è consentita", "130 interrotto (Ctrl-C)"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_solve_help_gives_the_notation_the_input_rules_and_the_statuses_as_replay_does(lang):
    solve, replay = (run(command, "--help", LANGUAGE=lang).stdout for command in ("solve", "replay"))
    notation, rules, statuses = solve.rstrip("\n").split("\n\n")[-3:]
    assert f"\n\n{notation}\n\n{rules}\n\n" in replay  # the same text as replay's
    assert statuses not in replay and statuses.split()[:3] == replay.rstrip("\n").split("\n\n")[-1].split()[:3]
    flat = " ".join(solve.split())
    for words in MOVES_HELP[lang]:
        assert words in flat, (lang, words)
    assert lang == "en" or "Exit status" not in solve


def test_argparse_errors_are_translated():
    result = run("replay", LANGUAGE="ca")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == "klondike replay: error: calen aquests arguments: CODI, JUGADA"
    both = run("stats", "--json", "--export", "x.csv", LANGUAGE="el")
    assert both.stderr.splitlines()[-1] == ("klondike stats: σφάλμα: όρισμα --export: δεν επιτρέπεται μαζί με "
                                           "το όρισμα --json")


def test_plugins_table_in_the_language():
    lines = run("plugins", "--block-plugin", "vegas", LANGUAGE="es").stdout.splitlines()
    assert lines[0].split() == ["NOMBRE", "TIPO", "TOKEN", "VERSIÓN", "ORIGEN", "ESTADO"]
    vegas = next(line for line in lines if line.startswith("vegas "))
    assert vegas.endswith("bloqueado") and next(line for line in lines if line.startswith("normal ")).endswith("activado")
    assert next(line for line in lines if line.startswith("draw1 ")).split()[1] == "robo"


def test_machine_output_is_the_same_in_every_language(tmp_path):
    outputs = {lang: run("replay", DEAL_6, "S", "T1-F", "--json", LANGUAGE=lang).stdout for lang in LANGUAGES}
    assert len(set(outputs.values())) == 1 and json.loads(outputs["el"])["moves_applied"] == 2
    exports = set()
    for lang in LANGUAGES:
        target = tmp_path / f"{lang}.csv"
        result = run("stats", "--export", str(target), LANGUAGE=lang, SOLITAIRE_KLONDIKE_DATA=str(tmp_path / "data"))
        assert result.returncode == 0, result.stderr
        exports.add(target.read_bytes())
    assert len(exports) == 1


@pytest.mark.parametrize("lang, header, total, empty", [
    ("ca", "Variant  Jugades  Guanyades", "Totes les partides", "Encara no s’ha jugat cap partida."),
    ("el", "Παραλλαγή  Παίχτηκαν  Νίκες", "Όλες οι παρτίδες", "Δεν έχει παιχτεί ακόμη καμία παρτίδα."),
    ("es", "Variante  Jugadas  Ganadas", "Todas las partidas", "Todavía no se ha jugado ninguna partida."),
    ("it", "Variante  Giocate  Vinte", "Tutte le partite", "Nessuna partita giocata finora."),
])
def test_statistics_table_with_the_statistics_windows_words(tmp_path, lang, header, total, empty):
    lines = run("stats", LANGUAGE=lang, SOLITAIRE_KLONDIKE_DATA=str(tmp_path)).stdout.splitlines()
    assert " ".join(lines[0].split()).startswith(" ".join(header.split())) and lines[1].startswith(total)
    assert lines[2].startswith(empty)
