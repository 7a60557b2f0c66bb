"""Linear 2048 -> 3072, LeakyReLU(0.2), max over features (keepdim): (12288, 2048) -> (12288, 1)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.amax(F.leaky_relu(self.fc(x), 0.2), dim=1, keepdim=True)


batch_size = 12288
in_features = 2048
out_features = 3072

SMALL = {"batch_size": 32, "in_features": 64, "out_features": 96}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
