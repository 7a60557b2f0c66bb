"""A GRU cell written out (reset, update and candidate gates) unrolled over 16 steps: (16, 1024, 512) inputs, hidden 1024 -> (1024, 1024)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.x_gates = nn.Linear(input_size, 3 * hidden_size)
        self.h_gates = nn.Linear(hidden_size, 3 * hidden_size)
        self.hidden_size = hidden_size

    def forward(self, xs):
        h = torch.zeros(xs.shape[1], self.hidden_size, device=xs.device, dtype=xs.dtype)
        for t in range(xs.shape[0]):
            xr, xz, xn = self.x_gates(xs[t]).chunk(3, dim=1)
            hr, hz, hn = self.h_gates(h).chunk(3, dim=1)
            r = torch.sigmoid(xr + hr)
            z = torch.sigmoid(xz + hz)
            n = torch.tanh(xn + r * hn)
            h = (1 - z) * n + z * h
        return h


steps = 16
batch_size = 1024
input_size = 512
hidden_size = 1024

SMALL = {"steps": 3, "batch_size": 4, "input_size": 16, "hidden_size": 32}


def get_inputs():
    return [torch.randn(steps, batch_size, input_size)]


def get_init_inputs():
    return [input_size, hidden_size]
