// SPDX-License-Identifier: GPL-3.0-or-later
#include "simsettingsform.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <limits>

using namespace Qt::StringLiterals;
using locksim::DurationDist;
using locksim::Protocol;
using locksim::SimSettings;

namespace ui {

namespace {

constexpr int maxMs = 3600 * 1000;
constexpr qint64 defaultRetryDeadlineMs = 5000; // the engine's policy has no deadline of its own
constexpr int nodeLines = 4; // the other nodes' field shows this many lines without scrolling

} // namespace

SimSettingsForm::SimSettingsForm(QWidget *parent)
    : QWidget(parent), m_layout(new QFormLayout(this))
{
    setObjectName(u"simSettingsForm"_s);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_clients = addSpin(u"clients"_s, 1, 256);
    // Beside the clients: they are spread over node 1 (the connected database) and these.
    m_nodeUrls = new QPlainTextEdit(this);
    m_nodeUrls->setObjectName(u"nodeUrls"_s);
    // A URL is longer than the field is wide: wrapped anywhere, all of it shows.
    m_nodeUrls->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_nodeUrls->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_nodeUrls->setTabChangesFocus(true);
    m_nodeUrls->setFixedHeight(m_nodeUrls->fontMetrics().lineSpacing() * nodeLines
                               + 2 * (m_nodeUrls->frameWidth() + 4));
    addField(m_nodeUrls);
    m_locks = addSpin(u"locks"_s, 1, 64);
    m_ttl = addSpin(u"ttl"_s, 1, maxMs, 100);
    m_holdKind = new QComboBox(this);
    m_holdKind->setObjectName(u"holdKind"_s);
    m_holdKind->addItems({QString(), QString(), QString()}); // Fixed, Uniform, Exponential
    addField(m_holdKind);
    m_holdMin = addSpin(u"holdMin"_s, 0, maxMs, 10);
    m_holdMax = addSpin(u"holdMax"_s, 0, maxMs, 10);
    m_think = addSpin(u"think"_s, 0, maxMs, 10);
    m_retryInterval = addSpin(u"retryInterval"_s, 1, maxMs, 10);
    m_retryBackoff = addDouble(u"retryBackoff"_s, 1, 10, 2, 0.1);
    m_retryJitter = addDouble(u"retryJitter"_s, 0, 1, 2, 0.05);
    m_retryDeadline = addSpin(u"retryDeadline"_s, 1, maxMs, 500);
    m_duration = addDouble(u"duration"_s, 0.1, 24 * 3600, 1, 1);
    m_crashRate = addDouble(u"crashRate"_s, 0, 1, 3, 0.01);
    m_pauseRate = addDouble(u"pauseRate"_s, 0, 1, 3, 0.01);
    m_protocol = new QComboBox(this);
    m_protocol->setObjectName(u"protocol"_s);
    for (Protocol protocol : {Protocol::Lockcore, Protocol::UnsafeNoExpiry,
                              Protocol::UnsafeClientClock, Protocol::ForUpdate})
        m_protocol->addItem(QString(), int(protocol));
    addField(m_protocol);
    m_presetNote = new QLabel(this);
    m_presetNote->setObjectName(u"presetNote"_s);
    m_presetNote->setWordWrap(true);
    m_presetNote->setTextFormat(Qt::PlainText);
    m_layout->addRow(m_presetNote);
    m_clockSkew = addSpin(u"clockSkew"_s, 0, maxMs, 100);
    m_seed = addSpin(u"seed"_s, 0, std::numeric_limits<int>::max());
    connect(m_holdKind, &QComboBox::currentIndexChanged, this, &SimSettingsForm::updateEnabled);
    connect(m_protocol, &QComboBox::currentIndexChanged, this, &SimSettingsForm::applyPreset);
    connect(m_nodeUrls, &QPlainTextEdit::textChanged, this, &SimSettingsForm::nodeUrlsChanged);

    SimSettings defaults;
    defaults.retry.deadlineMs = defaultRetryDeadlineMs;
    setSettings(defaults);
    retranslate();
}

void SimSettingsForm::addField(QWidget *field)
{
    auto *label = new QLabel(this);
    label->setBuddy(field);
    m_layout->addRow(label, field);
}

QSpinBox *SimSettingsForm::addSpin(const QString &name, int min, int max, int step)
{
    auto *spin = new QSpinBox(this);
    spin->setObjectName(name);
    spin->setRange(min, max);
    spin->setSingleStep(step);
    spin->setAccelerated(true);
    addField(spin);
    return spin;
}

QDoubleSpinBox *SimSettingsForm::addDouble(const QString &name, double min, double max,
                                           int decimals, double step)
{
    auto *spin = new QDoubleSpinBox(this);
    spin->setObjectName(name);
    spin->setDecimals(decimals);
    spin->setRange(min, max);
    spin->setSingleStep(step);
    addField(spin);
    return spin;
}

SimSettings SimSettingsForm::settings() const
{
    SimSettings s;
    s.clients = m_clients->value();
    s.locks = m_locks->value();
    s.ttlMs = m_ttl->value();
    s.hold.kind = DurationDist::Kind(m_holdKind->currentIndex());
    s.hold.minMs = m_holdMin->value();
    s.hold.maxMs = s.hold.kind == DurationDist::Kind::Uniform ? m_holdMax->value() : s.hold.minMs;
    s.think = {DurationDist::Kind::Fixed, m_think->value(), m_think->value()};
    s.retry.initialDelayMs = m_retryInterval->value();
    s.retry.maxDelayMs = qMax<qint64>(m_retryMaxDelayMs, s.retry.initialDelayMs);
    s.retry.multiplier = m_retryBackoff->value();
    s.retry.jitter = m_retryJitter->value();
    s.retry.deadlineMs = m_retryDeadline->value();
    s.durationMs = qRound64(m_duration->value() * 1000);
    s.crashRate = m_crashRate->value();
    s.pauseRate = m_pauseRate->value();
    s.protocol = Protocol(m_protocol->currentData().toInt());
    s.clockSkewMs = s.protocol == Protocol::UnsafeClientClock ? m_clockSkew->value() : 0;
    s.seed = quint32(m_seed->value());
    return s;
}

void SimSettingsForm::setSettings(const SimSettings &s)
{
    const QScopedValueRollback loading(m_loading, true);
    m_retryMaxDelayMs = s.retry.maxDelayMs;
    m_clients->setValue(s.clients);
    m_locks->setValue(s.locks);
    m_ttl->setValue(int(s.ttlMs));
    m_holdKind->setCurrentIndex(int(s.hold.kind));
    m_holdMin->setValue(int(s.hold.minMs));
    m_holdMax->setValue(int(s.hold.maxMs));
    m_think->setValue(int(s.think.minMs));
    m_retryInterval->setValue(int(s.retry.initialDelayMs));
    m_retryBackoff->setValue(s.retry.multiplier);
    m_retryJitter->setValue(s.retry.jitter);
    m_retryDeadline->setValue(int(s.retry.deadlineMs));
    m_duration->setValue(double(s.durationMs) / 1000);
    m_crashRate->setValue(s.crashRate);
    m_pauseRate->setValue(s.pauseRate);
    m_protocol->setCurrentIndex(m_protocol->findData(int(s.protocol)));
    m_clockSkew->setValue(int(s.clockSkewMs));
    m_seed->setValue(int(qMin<quint32>(s.seed, std::numeric_limits<int>::max())));
    updateEnabled();
}

QStringList SimSettingsForm::nodeUrls() const
{
    QStringList urls;
    for (const QString &line : m_nodeUrls->toPlainText().split(u'\n'))
        if (!line.trimmed().isEmpty())
            urls << line.trimmed();
    return urls;
}

void SimSettingsForm::setNodeUrls(const QStringList &urls)
{
    m_nodeUrls->setPlainText(urls.join(u'\n'));
}

// A protocol chosen by hand brings its own settings: the defaults under which an unsafe
// baseline's failure shows (with the defaults of lockcore, the client-clock design came out
// without a violation, and a crash-free no-expiry run never sticks). The seed is kept.
void SimSettingsForm::applyPreset()
{
    if (!m_loading) {
        SimSettings preset = SimSettings::forProtocol(Protocol(m_protocol->currentData().toInt()));
        if (preset.retry.deadlineMs <= 0)
            preset.retry.deadlineMs = defaultRetryDeadlineMs;
        preset.seed = quint32(m_seed->value());
        setSettings(preset);
        if (!m_presetNote->isHidden())
            emit presetNoteShown(m_presetNote); // below the protocol: scrolled into sight
    }
    updateEnabled();
}

void SimSettingsForm::updateEnabled()
{
    const auto kind = DurationDist::Kind(m_holdKind->currentIndex());
    m_holdMax->setEnabled(kind == DurationDist::Kind::Uniform);
    m_clockSkew->setEnabled(Protocol(m_protocol->currentData().toInt())
                            == Protocol::UnsafeClientClock);
    retranslate(); // the hold's first field is a mean for the exponential kind
}

void SimSettingsForm::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitNote();
}

// A spanning row of QFormLayout does not grow with its wrapped text: the note was cut.
void SimSettingsForm::fitNote()
{
    const int width = m_presetNote->width() > 0 ? m_presetNote->width() : this->width();
    if (width > 0) // heightForWidth() is -1 for a note without text
        m_presetNote->setMinimumHeight(qMax(0, m_presetNote->heightForWidth(width)));
}

void SimSettingsForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SimSettingsForm::retranslate()
{
    const QString ms = tr(" ms");
    auto label = [this](QWidget *field, const QString &text, const QString &tip = {}) {
        if (auto *l = qobject_cast<QLabel *>(m_layout->labelForField(field)))
            l->setText(text);
        field->setToolTip(tip);
    };
    label(m_clients, tr("&Clients:"), tr("Simulated clients, each a thread with its own "
                                         "connection"));
    label(m_nodeUrls, tr("Other &nodes:"),
          tr("<p>The other nodes of a cluster whose node 1 is the connected database, one URL "
             "per line. Client i runs on node i mod n, so the clients are spread over all of "
             "them. A URL without a password uses node 1's.</p>"));
    m_nodeUrls->setPlaceholderText(tr("One URL per line; empty: node 1 only"));
    label(m_locks, tr("Loc&ks:"), tr("Locks the clients compete for"));
    label(m_ttl, tr("&Lease (TTL):"), tr("The lease of every grant"));
    label(m_holdKind, tr("&Hold time:"), tr("How long a client works while it holds a lock"));
    m_holdKind->setItemText(0, tr("Fixed"));
    m_holdKind->setItemText(1, tr("Uniform between min and max"));
    m_holdKind->setItemText(2, tr("Exponential with this mean"));
    const auto kind = DurationDist::Kind(m_holdKind->currentIndex());
    label(m_holdMin, kind == DurationDist::Kind::Exponential ? tr("Hold mean:")
                     : kind == DurationDist::Kind::Fixed     ? tr("Hold for:")
                                                             : tr("Hold min:"));
    label(m_holdMax, tr("Hold max:"));
    label(m_think, tr("&Think time:"), tr("The pause between a client's holds"));
    label(m_retryInterval, tr("&Retry interval:"),
          tr("A waiting client's first pause before it tries again"));
    label(m_retryBackoff, tr("Retry &backoff:"), tr("How much each pause grows"));
    label(m_retryJitter, tr("Retry &jitter:"), tr("Random spread of each pause, 0 to 1"));
    label(m_retryDeadline, tr("Retry &deadline:"),
          tr("A client gives up waiting after this long and counts a failed attempt"));
    label(m_duration, tr("D&uration:"), tr("The run stops after this long"));
    label(m_crashRate, tr("Cr&ash rate:"),
          tr("Chance per hold that the holder vanishes without releasing"));
    label(m_pauseRate, tr("&Pause rate:"),
          tr("Chance per hold that the holder freezes past its lease, then writes late"));
    label(m_protocol, tr("Pr&otocol:"),
          tr("<p><b>lockcore</b>: the real library: leases on the database clock and a "
             "fencing token with every grant.</p>"
             "<p><b>Unsafe: no expiry</b>: insert a row to lock, delete it to unlock. A "
             "crashed holder blocks the lock for ever.</p>"
             "<p><b>Unsafe: client clock</b>: each client computes expiry from its own, "
             "skewed clock, without a fence, and unlocks without checking the owner: holds "
             "overlap.</p>"
             "<p><b>for-update</b>: SELECT ... FOR UPDATE in a transaction held open for the "
             "critical section, COMMIT to unlock. Safe on one server; on a Galera cluster a "
             "row lock on one node does not block another node. Not on SQLite.</p>"
             "<p>The baselines show what the verdict catches.</p>"));
    m_protocol->setItemText(0, tr("lockcore (leases and fencing tokens)"));
    m_protocol->setItemText(1, tr("Unsafe: no expiry"));
    m_protocol->setItemText(2, tr("Unsafe: client clock"));
    m_protocol->setItemText(3, tr("for-update (SELECT ... FOR UPDATE)"));
    m_protocol->setItemData(0, tr("The real library: leases on the database clock, a fencing token with every grant"), Qt::ToolTipRole);
    m_protocol->setItemData(1, tr("A broken baseline: a crashed holder blocks the lock for ever"),
                            Qt::ToolTipRole);
    m_protocol->setItemData(2, tr("A broken baseline: expiry from skewed client clocks, no "
                                  "fence: holds overlap"),
                            Qt::ToolTipRole);
    m_protocol->setItemData(3, tr("Seed 003's lock: a row lock held by an open transaction; "
                                  "no lease, no fence"),
                            Qt::ToolTipRole);
    label(m_clockSkew, tr("Clock ske&w:"),
          tr("Unsafe client clock: each client's clock is off by up to plus or minus this"));
    label(m_seed, tr("S&eed:"), tr("The same seed makes the same random choices"));
    const QString note = SimSettings::presetNote(Protocol(m_protocol->currentData().toInt()));
    m_presetNote->setText(note);
    m_presetNote->setVisible(!note.isEmpty());
    fitNote();
    for (QSpinBox *spin : {m_ttl, m_holdMin, m_holdMax, m_think, m_retryInterval,
                           m_retryDeadline, m_clockSkew})
        spin->setSuffix(ms);
    m_duration->setSuffix(tr(" s"));
}

} // namespace ui
