"""Three-layer MLP classifier, Linear-ReLU-Linear-ReLU-Linear: (128, 1024) -> 4096 -> 4096 -> (128, 1000)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_classes):
        super().__init__()
        self.fc1 = nn.Linear(input_size, hidden_size)
        self.fc2 = nn.Linear(hidden_size, hidden_size)
        self.fc3 = nn.Linear(hidden_size, num_classes)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


batch_size = 128
input_size = 1024
hidden_size = 4096
num_classes = 1000

SMALL = {"batch_size": 2, "input_size": 64, "hidden_size": 128, "num_classes": 10}


def get_inputs():
    return [torch.randn(batch_size, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_classes]
