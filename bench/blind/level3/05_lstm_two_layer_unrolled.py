"""Two-layer LSTM unrolled over 64 steps with nn.Linear gates (input projections batched over time), linear head on the last step: (128, 64, 256) -> (128, 32)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LSTMLayer(nn.Module):
    def __init__(self, input_size, hidden):
        super().__init__()
        self.hidden = hidden
        self.ih = nn.Linear(input_size, 4 * hidden)
        self.hh = nn.Linear(hidden, 4 * hidden, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        xp = self.ih(x)                                   # (B, T, 4H), all steps at once
        h = x.new_zeros(b, self.hidden)
        c = x.new_zeros(b, self.hidden)
        outs = []
        for step in range(t):
            gates = xp[:, step] + self.hh(h)
            i, f, g, o = gates.chunk(4, dim=1)
            c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
            h = torch.sigmoid(o) * torch.tanh(c)
            outs.append(h)
        return torch.stack(outs, dim=1)


class Model(nn.Module):
    def __init__(self, input_size, hidden, num_classes):
        super().__init__()
        self.layer1 = LSTMLayer(input_size, hidden)
        self.layer2 = LSTMLayer(hidden, hidden)
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, x):
        y = self.layer2(self.layer1(x))
        return self.head(y[:, -1])


batch_size = 128
seq_len = 64
input_size = 256
hidden = 512
num_classes = 32

SMALL = {"batch_size": 2, "seq_len": 6, "input_size": 16, "hidden": 16, "num_classes": 4}


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size, hidden, num_classes]
