"""Linear 2048 -> 4096, GELU, LayerNorm(4096): (8192, 2048) -> (8192, 4096)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.ln = nn.LayerNorm(out_features)

    def forward(self, x):
        return self.ln(F.gelu(self.fc(x)))


batch_size = 8192
in_features = 2048
out_features = 4096

SMALL = {"batch_size": 16, "in_features": 64, "out_features": 128}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
