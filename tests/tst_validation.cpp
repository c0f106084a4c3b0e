// SPDX-License-Identifier: GPL-3.0-or-later
// Unit tests for the input limits checked before any SQL is sent (validation.h), durations as
// people type them (duration.h) and default holder ids (holderid.h).

#include "duration.h"
#include "holderid.h"
#include "validation.h"

#include <QRegularExpression>
#include <QtTest>

#include <limits>
#include <pwd.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

QString repeated(const QString &unit, int count)
{
    QString out;
    out.reserve(unit.size() * count);
    for (int i = 0; i < count; ++i)
        out += unit;
    return out;
}

constexpr qint64 second = 1000;
constexpr qint64 minute = 60 * second;
constexpr qint64 hour = 60 * minute;
constexpr qint64 day = 24 * hour;

// Restores an environment variable when the test ends.
class EnvGuard
{
public:
    explicit EnvGuard(const char *name) : m_name(name), m_had(qEnvironmentVariableIsSet(name)),
                                          m_value(qgetenv(name)) {}
    ~EnvGuard()
    {
        if (m_had)
            qputenv(m_name, m_value);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    bool m_had;
    QByteArray m_value;
};

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void truncationNeverSplitsACharacter();
    void lockNamesAndHolders_data();
    void lockNamesAndHolders();
    void lengthIsCountedInCodePoints();
    void messagesSayWhatIsWrong();
    void invisibleCharactersAreNamedWithTheirPosition_data();
    void invisibleCharactersAreNamedWithTheirPosition();
    void decomposedNamesAreRefusedWithTheComposedForm_data();
    void decomposedNamesAreRefusedWithTheComposedForm();
    void ttl_data();
    void ttl();
    void description_data();
    void description();
    void tableNames_data();
    void tableNames();

    void parseDuration_data();
    void parseDuration();
    void rejectDuration_data();
    void rejectDuration();
    void bareNumberNeedsAUnit_data();
    void bareNumberNeedsAUnit();
    void formatDuration_data();
    void formatDuration();
    void durationRoundTrip();

    void defaultHolderIdShape();
    void defaultHolderIdFallsBackWhenUserIsUnset();
    void actorId();
    void holderProcessIsReadBackFromTheIds();
    void longUserNamesFitTheColumns_data();
    void longUserNamesFitTheColumns();
};

// Lock names and holder ids share one rule set; each row is checked against both.
void TestValidation::lockNamesAndHolders_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");

    QTest::newRow("plain") << u"nightly-report"_s << true;
    QTest::newRow("one character") << u"x"_s << true;
    QTest::newRow("inner blanks") << u"nightly report job"_s << true;
    QTest::newRow("path-like") << u"jobs/billing:eu-west-1@v2"_s << true;
    QTest::newRow("holder id shape") << u"alice@build-7:4242:0a1b2c"_s << true;
    // Bound as a parameter, never spliced: a perfectly good (if odd) name.
    QTest::newRow("sql injection text") << u"'; DROP TABLE x; --"_s << true;
    QTest::newRow("quotes and backslashes") << u"a\"b'c\\d`e"_s << true;
    QTest::newRow("percent and underscore") << u"100%_done"_s << true;
    QTest::newRow("255 ascii") << QString(255, u'a') << true;
    QTest::newRow("255 two-byte utf8") << repeated(u"\u00e9"_s, 255) << true;
    QTest::newRow("255 CJK") << repeated(u"\u6f22"_s, 255) << true;
    QTest::newRow("255 emoji") << repeated(u"\U0001F512"_s, 255) << true;
    QTest::newRow("mixed 255") << QString(200, u'a') + repeated(u"\U0001F600"_s, 55) << true;
    QTest::newRow("zero-width joiner inside") << u"a\u200db"_s << true;
    QTest::newRow("zero-width non-joiner inside")
        << u"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"_s << true;
    QTest::newRow("flag of Scotland (tag characters)")
        << u"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"_s << true;

    QTest::newRow("empty") << QString() << false;
    QTest::newRow("256 ascii") << QString(256, u'a') << false;
    QTest::newRow("256 CJK") << repeated(u"\u6f22"_s, 256) << false;
    QTest::newRow("256 emoji") << repeated(u"\U0001F512"_s, 256) << false;
    QTest::newRow("10000 ascii") << QString(10000, u'a') << false;
    QTest::newRow("newline") << u"a\nb"_s << false;
    QTest::newRow("carriage return") << u"a\rb"_s << false;
    QTest::newRow("tab") << u"a\tb"_s << false;
    QTest::newRow("NUL") << u"a"_s + QChar(0) + u"b"_s << false;
    QTest::newRow("escape") << u"a"_s + QChar(0x1b) + u"[31mb"_s << false;
    QTest::newRow("DEL") << u"a"_s + QChar(0x7f) + u"b"_s << false;
    QTest::newRow("C1 control") << u"a"_s + QChar(0x85) + u"b"_s << false;
    QTest::newRow("leading blank") << u" name"_s << false;
    QTest::newRow("trailing blank") << u"name "_s << false;
    QTest::newRow("trailing newline") << u"name\n"_s << false;
    QTest::newRow("only blanks") << u"   "_s << false;
    QTest::newRow("leading no-break space") << u"\u00a0name"_s << false;
    QTest::newRow("trailing ideographic space") << u"name\u3000"_s << false;
    QTest::newRow("lone high surrogate") << u"a"_s + QChar(0xd800) + u"b"_s << false;
    QTest::newRow("lone low surrogate") << u"a"_s + QChar(0xdc00) << false;
    // Invisible characters: the name would look like another one and be a different lock.
    QTest::newRow("leading byte order mark") << u"\ufeffbomtest"_s << false;
    QTest::newRow("byte order mark inside") << u"bom\ufefftest"_s << false;
    QTest::newRow("zero-width space") << u"a\u200bb"_s << false;
    QTest::newRow("right-to-left override") << u"job\u202etxt.exe"_s << false;
    QTest::newRow("left-to-right mark") << u"\u200ejob"_s << false;
    QTest::newRow("word joiner") << u"a\u2060b"_s << false;
    QTest::newRow("soft hyphen") << u"night\u00adly"_s << false;
    QTest::newRow("line separator") << u"a\u2028b"_s << false;
    QTest::newRow("paragraph separator") << u"a\u2029b"_s << false;
    // Bytes that were not UTF-8, converted: names whose bytes differed would be one lock.
    QTest::newRow("replacement character") << u"job\ufffd"_s << false;
    // Unicode's composed form (NFC) only: "café" is one name however it is typed.
    QTest::newRow("caf\u00e9, composed") << u"caf\u00e9"_s << true;
    QTest::newRow("cafe\u0301, decomposed") << u"cafe\u0301"_s << false;
    QTest::newRow("Hangul syllables") << u"\ud55c\uad6d"_s << true;
    QTest::newRow("Hangul jamo") << u"\u1112\u1161\u11ab\u1100\u116e\u11a8"_s << false;
    QTest::newRow("A with ring U+00C5") << u"\u00c5ngstr\u00f6m"_s << true;
    QTest::newRow("angstrom sign U+212B") << u"\u212bngstr\u00f6m"_s << false;
    QTest::newRow("a mark with no composed form") << u"x\u0301"_s << true;
}

void TestValidation::lockNamesAndHolders()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);

    const Status name = validateLockName(text);
    QVERIFY2(name.ok() == valid, qPrintable(name.ok() ? u"accepted"_s : name.error().message));
    if (!valid)
        QCOMPARE(name.error().kind, Error::Kind::InvalidInput);

    const Status holder = validateHolder(text);
    QVERIFY2(holder.ok() == valid,
             qPrintable(holder.ok() ? u"accepted"_s : holder.error().message));
    if (!valid)
        QCOMPARE(holder.error().kind, Error::Kind::InvalidInput);
}

void TestValidation::lengthIsCountedInCodePoints()
{
    // The limit is exactly 255 code points, wherever the UTF-16 length lands.
    for (const QString &unit : {u"a"_s, u"\u00e9"_s, u"\u6f22"_s, u"\U0001F512"_s}) {
        for (int count = 250; count <= 260; ++count) {
            const QString text = repeated(unit, count);
            QCOMPARE(validateLockName(text).ok(), count <= limits::maxNameChars);
        }
    }
    // 128 emoji are 256 UTF-16 units but only 128 code points.
    QVERIFY(validateLockName(repeated(u"\U0001F600"_s, 128)).ok());
}

void TestValidation::messagesSayWhatIsWrong()
{
    const Status tooLong = validateLockName(repeated(u"\U0001F512"_s, 300));
    QVERIFY(!tooLong.ok());
    // Counted in characters as the user sees them, not UTF-16 units.
    QVERIFY2(tooLong.error().message.contains(u"300"_s), qPrintable(tooLong.error().message));
    QVERIFY2(tooLong.error().message.contains(u"255"_s), qPrintable(tooLong.error().message));
    QVERIFY(tooLong.error().message.contains(u"lock name"_s));

    const Status control = validateHolder(u"ab\ncd"_s);
    QVERIFY(!control.ok());
    QVERIFY2(control.error().message.contains(u"holder"_s), qPrintable(control.error().message));
    QVERIFY2(control.error().message.contains(u"control character"_s),
             qPrintable(control.error().message));
    // The message itself never carries the control character to a terminal or log.
    QVERIFY(!control.error().message.contains(u'\n'));

    const Status blank = validateLockName(u"name "_s);
    QVERIFY(!blank.ok());
    QVERIFY2(blank.error().message.contains(u"white space"_s), qPrintable(blank.error().message));

    const Status empty = validateLockName(QString());
    QVERIFY(!empty.ok());
    QVERIFY2(empty.error().message.contains(u"empty"_s), qPrintable(empty.error().message));
}

// An invisible character, or U+FFFD, is named with its position in characters (a 4-byte
// character before it counts once), and the message says why it is refused.
void TestValidation::invisibleCharactersAreNamedWithTheirPosition_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("why");
    QTest::newRow("byte order mark first") << u"\ufeffbomtest"_s << u"U+FEFF"_s << 1
                                           << u"byte order mark"_s;
    QTest::newRow("replacement character") << u"ab\ufffd"_s << u"U+FFFD"_s << 3
                                           << u"UTF-8"_s;
    QTest::newRow("zero-width space after an emoji") << u"\U0001F512\u200bx"_s << u"U+200B"_s
                                                     << 2 << u"invisible"_s;
    QTest::newRow("right-to-left override") << u"job\u202e"_s << u"U+202E"_s << 4
                                            << u"invisible"_s;
}

void TestValidation::invisibleCharactersAreNamedWithTheirPosition()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(int, position);
    QFETCH(QString, why);
    for (const Status &status : {validateLockName(text), validateHolder(text)}) {
        QVERIFY(!status.ok());
        const QString message = status.error().message;
        QVERIFY2(message.contains(code), qPrintable(message));
        QVERIFY2(message.contains(u"position %1"_s.arg(position)), qPrintable(message));
        QVERIFY2(message.contains(why), qPrintable(message));
        // The message shows the code, never the character itself.
        QVERIFY2(!message.contains(text.back()) || text.back().unicode() < 0x80,
                 qPrintable(message));
    }
    QVERIFY(validateLockName(text).error().message.contains(u"lock name"_s));
}

void TestValidation::decomposedNamesAreRefusedWithTheComposedForm_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("composed");
    QTest::addColumn<QString>("where"); // the first character written otherwise

    QTest::newRow("caf\u00e9") << u"cafe\u0301"_s << u"caf\u00e9"_s << u"U+00E9 at position 4"_s;
    QTest::newRow("after an emoji") << u"\U0001F512cafe\u0301"_s << u"\U0001F512caf\u00e9"_s
                                    << u"U+00E9 at position 5"_s;
    QTest::newRow("Hangul jamo") << u"\u1112\u1161\u11ab\u1100\u116e\u11a8"_s
                                 << u"\ud55c\uad6d"_s << u"U+D55C at position 1"_s;
    QTest::newRow("angstrom sign") << u"10\u212b-scan"_s << u"10\u00c5-scan"_s
                                   << u"U+00C5 at position 3"_s;
    QTest::newRow("A and a combining ring") << u"A\u030angstr\u00f6m"_s << u"\u00c5ngstr\u00f6m"_s
                                            << u"U+00C5 at position 1"_s;
    QTest::newRow("ohm sign") << u"10k\u2126"_s << u"10k\u03a9"_s << u"U+03A9 at position 4"_s;
    QTest::newRow("marks out of order") << u"q\u0300\u0316"_s << u"q\u0316\u0300"_s
                                        << u"U+0316 at position 2"_s;
}

// Issue 48: "caf\u00e9" and "cafe" + U+0301 look the same and were two locks, held at once. A
// name (or holder id) to write that is not in NFC is refused, showing the composed form to
// write; a name read from a row (validateStoredLockName) is taken as it is.
void TestValidation::decomposedNamesAreRefusedWithTheComposedForm()
{
    QFETCH(QString, text);
    QFETCH(QString, composed);
    QFETCH(QString, where);
    QVERIFY(validateLockName(composed).ok());
    const Status name = validateLockName(text);
    QVERIFY(!name.ok());
    QCOMPARE(name.error().kind, Error::Kind::InvalidInput);
    QCOMPARE(name.error().message,
             u"The lock name is not in composed Unicode form (NFC); write \"%1\" (%2) instead, "
             "so that one name means one lock."_s.arg(composed, where));
    const Status holder = validateHolder(text);
    QVERIFY(!holder.ok());
    QVERIFY2(holder.error().message.contains(u"holder id"_s), qPrintable(holder.error().message));
    QVERIFY2(holder.error().message.contains(where), qPrintable(holder.error().message));
    QVERIFY(validateStoredLockName(text).ok());
    QVERIFY(validateStoredHolder(text).ok());
}

void TestValidation::ttl_data()
{
    QTest::addColumn<qint64>("ttlMs");
    QTest::addColumn<bool>("valid");

    QTest::newRow("1 ms") << qint64(1) << true;
    QTest::newRow("500 ms") << qint64(500) << true;
    QTest::newRow("30 s") << 30 * second << true;
    QTest::newRow("1 d") << day << true;
    QTest::newRow("30 d") << 30 * day << true;
    QTest::newRow("0") << qint64(0) << false;
    QTest::newRow("-1") << qint64(-1) << false;
    QTest::newRow("-30 s") << -30 * second << false;
    QTest::newRow("min") << std::numeric_limits<qint64>::min() << false;
    QTest::newRow("30 d + 1 ms") << 30 * day + 1 << false;
    QTest::newRow("31 d") << 31 * day << false;
    QTest::newRow("max") << std::numeric_limits<qint64>::max() << false;
}

void TestValidation::ttl()
{
    QFETCH(qint64, ttlMs);
    QFETCH(bool, valid);
    const Status status = validateTtl(ttlMs);
    QCOMPARE(status.ok(), valid);
    if (valid)
        return;
    QCOMPARE(status.error().kind, Error::Kind::InvalidInput);
    const QString message = status.error().message;
    QVERIFY2(message.contains(u"TTL"_s), qPrintable(message));
    if (ttlMs > 0) // names the limit in a readable form
        QVERIFY2(message.contains(u"30d"_s), qPrintable(message));
    else
        QVERIFY2(message.contains(u"at least 1 ms"_s), qPrintable(message));
}

void TestValidation::description_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");

    QTest::newRow("empty") << QString() << true;
    QTest::newRow("sentence") << u"Nightly report job; see runbook #12."_s << true;
    QTest::newRow("multi-line") << u"guards the billing export\nowner: team-b"_s << true;
    QTest::newRow("sql injection text") << u"x'); DELETE FROM dist_lock; --"_s << true;
    QTest::newRow("1000 ascii") << QString(1000, u'd') << true;
    QTest::newRow("1000 CJK") << repeated(u"\u6f22"_s, 1000) << true;
    // The columns are sized in characters (varchar(1000), VARCHAR2(1000 CHAR)), so the limit
    // is 1000 characters, not 1000 UTF-16 units.
    QTest::newRow("1000 emoji") << repeated(u"\U0001F4DD"_s, 1000) << true;
    QTest::newRow("1001 ascii") << QString(1001, u'd') << false;
    QTest::newRow("1001 emoji") << repeated(u"\U0001F4DD"_s, 1001) << false;
    QTest::newRow("10000 ascii") << QString(10000, u'd') << false;
    QTest::newRow("NUL") << u"a"_s + QChar(0) + u"b"_s << false;
    QTest::newRow("lone surrogate") << u"a"_s + QChar(0xd83d) << false;
}

void TestValidation::description()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const Status status = validateDescription(text, u"description"_s);
    QVERIFY2(status.ok() == valid,
             qPrintable(status.ok() ? u"accepted"_s : status.error().message));
    if (!valid) {
        QCOMPARE(status.error().kind, Error::Kind::InvalidInput);
        QVERIFY(status.error().message.contains(u"description"_s));
    }
    // The caller's word for the text is used in the message.
    const Status reason = validateDescription(text, u"reason"_s);
    QCOMPARE(reason.ok(), valid);
    if (!valid)
        QVERIFY2(reason.error().message.contains(u"reason"_s), qPrintable(reason.error().message));
}

void TestValidation::tableNames_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<bool>("valid");

    QTest::newRow("default") << u"dist_lock"_s << true;
    QTest::newRow("schema qualified") << u"app.dist_lock"_s << true;
    QTest::newRow("upper and digits") << u"Locks2"_s << true;
    QTest::newRow("leading underscore") << u"_locks"_s << true;
    QTest::newRow("one letter") << u"l"_s << true;
    QTest::newRow("50 characters") << QString(50, u't') << true;
    QTest::newRow("schema and 50 characters") << u"s."_s + QString(50, u't') << true;
    QTest::newRow("long schema, short table") << QString(50, u's') + u".t"_s << true;

    QTest::newRow("empty") << QString() << false;
    QTest::newRow("double quote") << u"dist\"lock"_s << false;
    QTest::newRow("injection") << u"x'; DROP"_s << false;
    QTest::newRow("backtick") << u"dist`lock"_s << false;
    QTest::newRow("bracket") << u"[dist_lock]"_s << false;
    QTest::newRow("starts with digit") << u"1locks"_s << false;
    QTest::newRow("schema starts with digit") << u"1app.locks"_s << false;
    QTest::newRow("51 characters") << QString(51, u't') << false;
    QTest::newRow("schema and 51 characters") << u"s."_s + QString(51, u't') << false;
    QTest::newRow("three parts") << u"a.b.c"_s << false;
    QTest::newRow("empty schema") << u".locks"_s << false;
    QTest::newRow("empty table") << u"app."_s << false;
    QTest::newRow("just a dot") << u"."_s << false;
    QTest::newRow("hyphen") << u"dist-lock"_s << false;
    QTest::newRow("blank inside") << u"dist lock"_s << false;
    QTest::newRow("leading blank") << u" dist_lock"_s << false;
    QTest::newRow("non-ascii letter") << u"l\u00e5s"_s << false;
    QTest::newRow("semicolon") << u"locks;"_s << false;
    QTest::newRow("newline") << u"locks\n"_s << false;
    QTest::newRow("NUL") << u"locks"_s + QChar(0) << false;
}

void TestValidation::tableNames()
{
    QFETCH(QString, table);
    QFETCH(bool, valid);
    const Status status = validateTableName(table);
    QVERIFY2(status.ok() == valid,
             qPrintable(status.ok() ? u"accepted"_s : status.error().message));
    if (!valid) {
        QCOMPARE(status.error().kind, Error::Kind::InvalidInput);
        QVERIFY2(status.error().message.contains(u"not a valid table name"_s),
                 qPrintable(status.error().message));
    }
}

void TestValidation::parseDuration_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms");

    QTest::newRow("500ms") << u"500ms"_s << qint64(500);
    QTest::newRow("30s") << u"30s"_s << 30 * second;
    QTest::newRow("5m") << u"5m"_s << 5 * minute;
    QTest::newRow("5min") << u"5min"_s << 5 * minute;
    QTest::newRow("1h") << u"1h"_s << hour;
    QTest::newRow("2h") << u"2h"_s << 2 * hour;
    QTest::newRow("1d") << u"1d"_s << day;
    QTest::newRow("30d") << u"30d"_s << 30 * day;
    QTest::newRow("1m30s") << u"1m30s"_s << 90 * second;
    QTest::newRow("1h30m") << u"1h30m"_s << 90 * minute;
    QTest::newRow("1d2h3m4s5ms") << u"1d2h3m4s5ms"_s << day + 2 * hour + 3 * minute + 4 * second + 5;
    QTest::newRow("1.5s") << u"1.5s"_s << qint64(1500);
    QTest::newRow("0.25h") << u"0.25h"_s << 15 * minute;
    QTest::newRow("bare 0, the same in every unit") << u"0"_s << qint64(0);
    QTest::newRow("0s") << u"0s"_s << qint64(0);
    QTest::newRow("surrounding blanks") << u"  30s "_s << 30 * second;
    QTest::newRow("leading zeros") << u"007s"_s << 7 * second;
}

void TestValidation::parseDuration()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const Result<qint64> parsed = parseDurationMs(text);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(*parsed, ms);
}

void TestValidation::rejectDuration_data()
{
    QTest::addColumn<QString>("text");

    QTest::newRow("empty") << QString();
    QTest::newRow("blank") << u"   "_s;
    QTest::newRow("unknown unit") << u"5parsecs"_s;
    QTest::newRow("negative") << u"-1s"_s;
    QTest::newRow("negative bare") << u"-250"_s;
    QTest::newRow("unit only") << u"s"_s;
    QTest::newRow("number then blank unit") << u"5 s"_s;
    QTest::newRow("trailing number") << u"1m30"_s;
    QTest::newRow("two dots") << u"1.2.3s"_s;
    QTest::newRow("exponent") << u"1e3s"_s;
    QTest::newRow("upper-case unit") << u"5S"_s;
    QTest::newRow("words") << u"five seconds"_s;
    QTest::newRow("infinity") << u"infs"_s;
    QTest::newRow("overflow in days") << u"99999999999999999999d"_s;
    QTest::newRow("overflow 1e11 days") << u"100000000000d"_s;
    QTest::newRow("overflow by summing") << u"50000000000d100000000000h"_s;
    QTest::newRow("overflow in ms") << u"9999999999999999999ms"_s;
    QTest::newRow("too long") << QString(41, u'1') + u"ms"_s;
    QTest::newRow("injection") << u"5s; DROP TABLE x"_s;
    QTest::newRow("a unit twice: 1h1h") << u"1h1h"_s;
    QTest::newRow("a unit twice: 5s5s") << u"5s5s"_s;
    QTest::newRow("minutes twice as m and min") << u"1m1min"_s;
    QTest::newRow("out of order: 5s1m") << u"5s1m"_s;
    QTest::newRow("out of order: 1ms1s") << u"1ms1s"_s;
}

void TestValidation::rejectDuration()
{
    QFETCH(QString, text);
    const Result<qint64> parsed = parseDurationMs(text);
    QVERIFY2(!parsed.ok(), qPrintable(u"accepted as %1 ms"_s.arg(parsed.ok() ? *parsed : 0)));
    QCOMPARE(parsed.error().kind, Error::Kind::InvalidInput);
    QVERIFY2(parsed.error().message.contains(u"not a duration"_s),
             qPrintable(parsed.error().message));
    QVERIFY(parsed.error().message.size() < 300);
}

void TestValidation::bareNumberNeedsAUnit_data()
{
    QTest::addColumn<QString>("text");

    QTest::newRow("5") << u"5"_s;
    QTest::newRow("250") << u"250"_s;
    QTest::newRow("1.5") << u"1.5"_s;
    QTest::newRow("blanks around") << u" 30 "_s;
    QTest::newRow("leading zeros") << u"007"_s;
    QTest::newRow("overflow") << u"99999999999999999999"_s;
}

// Issue 48: a number without a unit ("5": 5 ms or 5 s?) is refused, with the units to use, and
// with the option or field when the caller names it; only 0 is read (the same in every unit).
void TestValidation::bareNumberNeedsAUnit()
{
    QFETCH(QString, text);
    const Result<qint64> parsed = parseDurationMs(text);
    QVERIFY2(!parsed.ok(), qPrintable(u"accepted as %1 ms"_s.arg(parsed.ok() ? *parsed : 0)));
    QCOMPARE(parsed.error().kind, Error::Kind::InvalidInput);
    const QString units = u"needs a unit: 5s, 500ms, 2m, 1h"_s;
    QVERIFY2(parsed.error().message.contains(units), qPrintable(parsed.error().message));
    QVERIFY2(parsed.error().message.contains(text.trimmed()), qPrintable(parsed.error().message));

    const Result<qint64> named = parseDurationMs(text, u"--ttl"_s);
    QVERIFY(!named.ok());
    QVERIFY2(named.error().message.startsWith(u"--ttl "_s + units),
             qPrintable(named.error().message));
    const Result<qint64> zero = parseDurationMs(u"0"_s, u"--ttl"_s);
    QVERIFY(zero.ok());
    QCOMPARE(*zero, qint64(0));
}

void TestValidation::formatDuration_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");

    QTest::newRow("0") << qint64(0) << u"0ms"_s;
    QTest::newRow("250") << qint64(250) << u"250ms"_s;
    QTest::newRow("999") << qint64(999) << u"999ms"_s;
    QTest::newRow("1s") << second << u"1s"_s;
    QTest::newRow("1.5s") << qint64(1500) << u"1.5s"_s;
    QTest::newRow("1.001s") << qint64(1001) << u"1.001s"_s;
    QTest::newRow("59.999s") << qint64(59999) << u"59.999s"_s;
    QTest::newRow("1m") << minute << u"1m"_s;
    QTest::newRow("1m30s") << 90 * second << u"1m30s"_s;
    QTest::newRow("1h") << hour << u"1h"_s;
    QTest::newRow("1d") << day << u"1d"_s;
    QTest::newRow("30d") << 30 * day << u"30d"_s;
    QTest::newRow("1d1ms") << day + 1 << u"1d1ms"_s;
    QTest::newRow("everything") << day + hour + minute + second + 1 << u"1d1h1m1s1ms"_s;
    QTest::newRow("negative") << qint64(-1500) << u"-1.5s"_s;
}

void TestValidation::formatDuration()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(formatDurationMs(ms), text);
}

void TestValidation::durationRoundTrip()
{
    // What formatDurationMs prints, parseDurationMs reads back exactly.
    QList<qint64> values = {0,          1,           999,         1000,      1001,
                            59999,      60000,       61500,       90000,     3599999,
                            hour,       day - 1,     day,         30 * day,  30 * day + 1,
                            365 * day,  1000 * day + 1};
    QRandomGenerator random(4711);
    for (int i = 0; i < 2000; ++i)
        values << qint64(random.bounded(quint64(400 * day)));
    for (const qint64 ms : std::as_const(values)) {
        const QString text = formatDurationMs(ms);
        const Result<qint64> back = parseDurationMs(text);
        QVERIFY2(back.ok(), qPrintable(text));
        QVERIFY2(*back == ms, qPrintable(u"%1 -> %2 -> %3"_s.arg(ms).arg(text).arg(*back)));
    }
}

void TestValidation::defaultHolderIdShape()
{
    const QString id = defaultHolderId();
    static const QRegularExpression shape(u"^([^@\\s]+)@([^:\\s]+):(\\d+):([0-9a-f]{6})$"_s);
    const QRegularExpressionMatch match = shape.match(id);
    QVERIFY2(match.hasMatch(), qPrintable(id));
    QCOMPARE(match.captured(3).toLongLong(), QCoreApplication::applicationPid());
    QVERIFY2(validateHolder(id).ok(), qPrintable(id));

    // Two processes on one host differ by pid; two ids in one process differ by the random part.
    QSet<QString> seen{id};
    for (int i = 0; i < 20; ++i)
        seen.insert(defaultHolderId());
    QVERIFY2(seen.size() >= 20, "random part repeats");
}

void TestValidation::defaultHolderIdFallsBackWhenUserIsUnset()
{
    const EnvGuard user("USER"), logname("LOGNAME"), username("USERNAME");

    qputenv("USER", "  carol  ");
    QVERIFY2(defaultHolderId().startsWith(u"carol@"_s), qPrintable(defaultHolderId()));

    qunsetenv("USER");
    qputenv("LOGNAME", "dave");
    QVERIFY2(defaultHolderId().startsWith(u"dave@"_s), qPrintable(defaultHolderId()));

    qputenv("USER", "");
    qunsetenv("LOGNAME");
    qputenv("USERNAME", "erin");
    QVERIFY2(defaultHolderId().startsWith(u"erin@"_s), qPrintable(defaultHolderId()));

    qunsetenv("USER");
    qunsetenv("LOGNAME");
    qunsetenv("USERNAME");
    // Without the variables, the account database names the user.
    const QString anonymous = defaultHolderId();
    const passwd *entry = ::getpwuid(::geteuid());
    const QString expected = entry ? QString::fromLocal8Bit(entry->pw_name) : u"unknown"_s;
    QVERIFY2(anonymous.startsWith(expected + u'@'), qPrintable(anonymous));
    QVERIFY(validateHolder(anonymous).ok());
}

void TestValidation::actorId()
{
    const EnvGuard user("USER");
    qputenv("USER", "frank");
    const QString actor = lockcore::actorId(u"lockctl"_s);
    static const QRegularExpression shape(u"^frank@[^\\s]+ \\(lockctl\\)$"_s);
    QVERIFY2(shape.match(actor).hasMatch(), qPrintable(actor));
    QVERIFY(validateDescription(actor, u"actor"_s).ok());
}

// A $USER too long for the holder and actor columns (255 characters) is cut on a character
// boundary and marked with "…"; the host, tool and pid part stays whole, so every id is still
// valid and unique to its process.
void TestValidation::longUserNamesFitTheColumns_data()
{
    QTest::addColumn<QString>("user");
    QTest::newRow("245 ASCII") << QString(245, u'u');
    QTest::newRow("255 ASCII") << QString(255, u'u');
    QTest::newRow("1000 ASCII") << QString(1000, u'u');
    QTest::newRow("245 CJK") << repeated(u"\u6f22"_s, 245);
    QTest::newRow("245 emoji") << repeated(u"\U0001F512"_s, 245);
}

void TestValidation::longUserNamesFitTheColumns()
{
    QFETCH(QString, user);
    const EnvGuard guard("USER");
    qputenv("USER", user.toUtf8());
    const auto codePoints = [](const QString &text) { return text.toUcs4().size(); };
    const auto check = [&](const QString &id, const QString &ending) {
        QVERIFY2(codePoints(id) <= limits::maxNameChars, qPrintable(id));
        QVERIFY2(id.isValidUtf16(), qPrintable(id));  // not cut inside a surrogate pair
        QVERIFY2(id.startsWith(user.left(100)), qPrintable(id));
        QVERIFY2(id.contains(u"\u2026@"_s), qPrintable(id)); // marked where it was cut
        QVERIFY2(id.endsWith(ending), qPrintable(id));
        QVERIFY2(validateHolder(id).ok(), qPrintable(validateHolder(id).error().message));
        QVERIFY(validateDescription(id, u"actor"_s).ok());
    };
    check(lockcore::actorId(u"lockctl"_s), u" (lockctl)"_s);
    check(defaultHolderId(), QString());
    check(toolHolderId(u"lockscope"_s), u")"_s);
    static const QRegularExpression holderEnd(u"@[^@]+:\\d+:[0-9a-f]{6}$"_s);
    QVERIFY2(holderEnd.match(defaultHolderId()).hasMatch(), qPrintable(defaultHolderId()));
    QVERIFY(defaultHolderId() != defaultHolderId()); // still unique
    // A user that fits is kept whole, without a mark.
    qputenv("USER", "grace");
    QVERIFY(!lockcore::actorId(u"lockctl"_s).contains(u'\u2026'));
}

void TestValidation::truncationNeverSplitsACharacter()
{
    const QString emoji = QString::fromUcs4(U"\U0001F600", 1);
    QString text;
    for (int i = 0; i < 600; ++i)
        text += emoji;
    const QString cut = truncatedToCodePoints(text, 1000);
    QCOMPARE(cut, text); // 600 code points fit
    const QString shorter = truncatedToCodePoints(text + u"abc"_s, 601);
    QCOMPARE(shorter, text + u"a"_s);
    const QString odd = truncatedToCodePoints(u"a"_s + text, 2);
    QCOMPARE(odd, u"a"_s + emoji);
    QVERIFY(!odd.back().isHighSurrogate());
    QCOMPARE(truncatedToCodePoints(QString(), 5), QString());
}

// The process a holder id names (the window's "Show database session"): read back from both of
// lockcore's forms, a user with '@' or a cut long one too; nothing from an application's own
// ids. The session name carries the same pid and host and fits PostgreSQL's 63 bytes.
void TestValidation::holderProcessIsReadBackFromTheIds()
{
    const qint64 pid = QCoreApplication::applicationPid();
    for (const QString &id : {defaultHolderId(), toolHolderId(u"lockscope"_s)}) {
        const auto process = holderProcess(id);
        QVERIFY2(process, qPrintable(id));
        QCOMPARE(process->pid, pid);
        QVERIFY2(id.contains(u'@' + process->host), qPrintable(id));
        QVERIFY2(isSessionTagOf(sessionTag(), *process), qPrintable(sessionTag()));
        QVERIFY(!isSessionTagOf(sessionTag(), HolderProcess{process->host, pid + 1}));
        QVERIFY(!isSessionTagOf(sessionTag(), HolderProcess{u"elsewhere"_s, pid}));
    }
    QVERIFY(sessionTag().toUtf8().size() <= 63);
    const auto odd = holderProcess(u"a@b@host-7.example:4242:0a1b2c"_s);
    QVERIFY(odd);
    QCOMPARE(odd->host, u"host-7.example"_s);
    QCOMPARE(odd->pid, qint64(4242));
    const auto tool = holderProcess(u"ops@db-runner (lockscope, pid 17, ffffff)"_s);
    QVERIFY(tool);
    QCOMPARE(tool->host, u"db-runner"_s);
    QCOMPARE(tool->pid, qint64(17));
    for (const QString &other : {u"billing-worker-7"_s, u"host:12"_s, u"u@h:0:abcdef"_s,
                                 u"u@h:12:nothex"_s, QString()})
        QVERIFY2(!holderProcess(other), qPrintable(other));
    // A host cut to fit 63 bytes still names the process whose host it begins.
    const QString longHost = QString(70, u'h');
    const QString cut = u"lockctl 99@"_s + longHost.left(63 - 11);
    QVERIFY(isSessionTagOf(cut, HolderProcess{longHost, 99}));
    QVERIFY(!isSessionTagOf(u"lockctl 99@hh"_s, HolderProcess{longHost, 99}));
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
