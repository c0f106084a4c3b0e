// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simsettings.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QSpinBox;

namespace ui {

// The settings of a simulation run as a form: clients, locks, lease, hold and think times,
// how waiting clients retry, the run's length, injected faults, the protocol and the seed.
// Every field has an object name (clients, locks, ttl, holdKind, ...) for tests. Choosing a
// protocol loads its settings (SimSettings::forProtocol): an unsafe baseline's are those under
// which its failure shows, said in a note under the protocol (presetNote). The other nodes of a
// cluster (one URL per line, "nodeUrls") are not settings of the run: a preset keeps them.
class SimSettingsForm : public QWidget
{
    Q_OBJECT

public:
    explicit SimSettingsForm(QWidget *parent = nullptr);

    locksim::SimSettings settings() const;
    void setSettings(const locksim::SimSettings &settings);
    // The URLs of the other nodes, as typed (blank lines left out); the connected database is
    // node 1.
    QStringList nodeUrls() const;
    void setNodeUrls(const QStringList &urls);

signals:
    void nodeUrlsChanged();
    // A protocol was chosen whose preset has a note (what its settings show): `note` should be
    // in sight, not below the settings' visible part.
    void presetNoteShown(QWidget *note);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void addField(QWidget *field);
    QSpinBox *addSpin(const QString &name, int min, int max, int step = 1);
    QDoubleSpinBox *addDouble(const QString &name, double min, double max, int decimals,
                              double step);
    void retranslate();
    void updateEnabled();
    void applyPreset();
    void fitNote();

    QFormLayout *m_layout;
    QSpinBox *m_clients;
    QPlainTextEdit *m_nodeUrls;
    QSpinBox *m_locks;
    QSpinBox *m_ttl;
    QComboBox *m_holdKind;
    QSpinBox *m_holdMin;
    QSpinBox *m_holdMax;
    QSpinBox *m_think;
    QSpinBox *m_retryInterval;
    QDoubleSpinBox *m_retryBackoff;
    QDoubleSpinBox *m_retryJitter;
    QSpinBox *m_retryDeadline;
    QDoubleSpinBox *m_duration;
    QDoubleSpinBox *m_crashRate;
    QDoubleSpinBox *m_pauseRate;
    QComboBox *m_protocol;
    QSpinBox *m_clockSkew;
    QSpinBox *m_seed;
    QLabel *m_presetNote;
    qint64 m_retryMaxDelayMs = 0; // not a field: kept from setSettings() (a preset's)
    bool m_loading = false; // setSettings() is filling the fields: no preset
};

} // namespace ui
